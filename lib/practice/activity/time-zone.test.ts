import { describe, expect, it } from "vitest";
import { knownTimeZone, timeZoneCookie } from "./time-zone";

describe("knownTimeZone", () => {
  it("accepts the zones browsers report, spelled as the browser spelled them", () => {
    expect(knownTimeZone("Pacific/Auckland")).toBe("Pacific/Auckland");
    expect(knownTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(knownTimeZone("Etc/GMT+5")).toBe("Etc/GMT+5");
    expect(knownTimeZone("UTC")).toBe("UTC");
    expect(knownTimeZone("+05:30")).toBe("+05:30");
  });

  it("refuses what is not a time zone: nothing, unknown names, markup, cookie syntax, overlong values", () => {
    for (const value of [undefined, null, "", "Mars/Olympus_Mons", "<script>", "UTC; Path=/", "Europe/Paris\n", "A/".repeat(40)]) {
      expect(knownTimeZone(value)).toBeNull();
    }
  });
});

describe("timeZoneCookie", () => {
  it("is kept for a year on every path, Secure over HTTPS", () => {
    expect(timeZoneCookie("Pacific/Auckland", false)).toBe("tz=Pacific/Auckland; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(timeZoneCookie("Pacific/Auckland", true)).toMatch(/; Secure$/);
  });
});
