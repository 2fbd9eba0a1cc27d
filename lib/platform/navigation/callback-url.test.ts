import { describe, expect, it } from "vitest";
import { destinationAfterLogin, loginUrl, sameOriginPath } from "./callback-url";
import { isApiRequest } from "./unknown-path";

describe("sameOriginPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(sameOriginPath("/dashboard/quiz?courseId=3&sectionIndex=1")).toBe("/dashboard/quiz?courseId=3&sectionIndex=1");
  });

  it.each([
    ["an absolute URL", "https://evil.example/dashboard"],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash host", "/\\evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["a control character", "/dash\nboard"],
    ["nothing", ""],
  ])("refuses %s", (_, value) => {
    expect(sameOriginPath(value)).toBeNull();
  });
});

describe("destinationAfterLogin", () => {
  it("follows a learner's callbackUrl inside the learner area", () => {
    expect(destinationAfterLogin("/dashboard/explore-topics?page=2", "user")).toBe("/dashboard/explore-topics?page=2");
  });

  it("sends a learner home instead of into the admin area", () => {
    expect(destinationAfterLogin("/admin/users", "user")).toBe("/dashboard");
  });

  it("sends an admin home instead of into the learner area", () => {
    expect(destinationAfterLogin("/dashboard", "admin")).toBe("/admin");
  });

  it("ignores external URLs and loops back to the sign-in pages", () => {
    expect(destinationAfterLogin("https://evil.example", "user")).toBe("/dashboard");
    expect(destinationAfterLogin("/signin", "admin")).toBe("/admin");
    expect(destinationAfterLogin(null, "user")).toBe("/dashboard");
  });
});

describe("loginUrl", () => {
  it("carries a safe callbackUrl, encoded", () => {
    expect(loginUrl("/dashboard/quiz?courseId=3&sectionIndex=1")).toBe(
      "/login?callbackUrl=%2Fdashboard%2Fquiz%3FcourseId%3D3%26sectionIndex%3D1",
    );
  });

  it("drops an external or looping callbackUrl", () => {
    expect(loginUrl("https://evil.example")).toBe("/login");
    expect(loginUrl("/login?callbackUrl=/x")).toBe("/login");
  });
});

describe("isApiRequest", () => {
  it("treats any non-GET as an API call", () => {
    expect(isApiRequest("POST", "text/html")).toBe(true);
  });

  it("treats a browser GET of an unknown page as a page", () => {
    expect(isApiRequest("GET", "text/html,application/xhtml+xml")).toBe(false);
    expect(isApiRequest("HEAD", "text/html")).toBe(false);
  });

  it("answers JSON to clients that do not accept HTML", () => {
    expect(isApiRequest("GET", "application/json")).toBe(true);
  });
});
