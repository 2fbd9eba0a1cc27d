import { describe, expect, it } from "vitest";
import { requestKind } from "./unknown-path";

describe("requestKind: what an unknown path answers (a page's 404 or the API's JSON 404)", () => {
  it.each([
    ["GET", "text/html,application/xhtml+xml,*/*;q=0.8", "page"],
    ["HEAD", "text/html", "page"],
    ["GET", "application/json", "api"],
    ["GET", "*/*", "api"],
    ["GET", null, "api"],
    ["POST", "text/html", "api"],
    ["PUT", "text/html", "api"],
    ["DELETE", null, "api"],
    ["OPTIONS", "text/html", "api"],
  ] as const)("%s with Accept %s: %s", (method, accept, expected) => {
    expect(requestKind(method, accept)).toBe(expected);
  });
});
