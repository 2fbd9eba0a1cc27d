import { describe, expect, it } from "vitest";
import { linkedInAddToProfileUrl } from "./linkedin";

describe("the Add to LinkedIn address", () => {
  it("fills in LinkedIn's certification form, every value URL-encoded", () => {
    const url = linkedInAddToProfileUrl({
      name: "C++ & Rust: 100% safe? #1",
      organizationName: "LearnPath",
      issuedAt: new Date("2026-01-31T23:30:00Z"),
      certUrl: "https://learn.example.com/certificates/Ab-_0123456789abcdefgh",
      certId: "Ab-_0123456789abcdefgh",
    });
    expect(url.startsWith("https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&")).toBe(true);
    expect(url).toContain("name=C%2B%2B%20%26%20Rust%3A%20100%25%20safe%3F%20%231&");
    expect(url).toContain("certUrl=https%3A%2F%2Flearn.example.com%2Fcertificates%2FAb-_0123456789abcdefgh&");
    expect(url).not.toMatch(/[ +]/);
    const params = new URL(url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "C++ & Rust: 100% safe? #1",
      organizationName: "LearnPath",
      // The month it was issued in UTC, as the certificate prints the date.
      issueYear: "2026",
      issueMonth: "1",
      certUrl: "https://learn.example.com/certificates/Ab-_0123456789abcdefgh",
      certId: "Ab-_0123456789abcdefgh",
    });
  });
});
