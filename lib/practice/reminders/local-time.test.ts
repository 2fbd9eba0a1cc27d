import { describe, expect, it } from "vitest";
import { dayStarts, instantAt, localHour } from "./local-time";

describe("instantAt", () => {
  it("finds the instant of a local hour in zones east and west of UTC, and on half-hour offsets", () => {
    expect(instantAt("2025-01-15", 8, "Europe/Paris").toISOString()).toBe("2025-01-15T07:00:00.000Z");
    expect(instantAt("2025-07-15", 8, "Europe/Paris").toISOString()).toBe("2025-07-15T06:00:00.000Z");
    expect(instantAt("2025-01-15", 20, "America/New_York").toISOString()).toBe("2025-01-16T01:00:00.000Z");
    expect(instantAt("2025-01-15", 9, "Asia/Kolkata").toISOString()).toBe("2025-01-15T03:30:00.000Z");
    expect(instantAt("2025-01-15", 0, "Pacific/Auckland").toISOString()).toBe("2025-01-14T11:00:00.000Z");
  });

  it("moves an hour a daylight-saving change skips to just after the gap, and takes the first of an hour that happens twice", () => {
    // 30 March 2025: Paris goes from 02:00 CET straight to 03:00 CEST.
    expect(instantAt("2025-03-30", 2, "Europe/Paris").toISOString()).toBe("2025-03-30T01:00:00.000Z");
    // 26 October 2025: 02:00 happens twice in Paris (CEST, then CET).
    expect(instantAt("2025-10-26", 2, "Europe/Paris").toISOString()).toBe("2025-10-26T00:00:00.000Z");
  });
});

describe("localHour and dayStarts", () => {
  it("read the learner's wall clock, not the server's", () => {
    const instant = new Date("2025-01-15T23:30:00Z");
    expect(localHour(instant, "UTC")).toBe(23);
    expect(localHour(instant, "Asia/Tokyo")).toBe(8);
    expect(dayStarts(instant, "Asia/Tokyo")).toEqual({
      today: "2025-01-16",
      todayStart: new Date("2025-01-15T15:00:00Z"),
      yesterdayStart: new Date("2025-01-14T15:00:00Z"),
    });
  });
});
