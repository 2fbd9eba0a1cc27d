import { describe, expect, it } from "vitest";
import { formatCost, formatDateTime, formatDuration, formatTokens, progressText } from "./format";

describe("generation figures as the admin screens write them", () => {
  it.each([
    [0, "$0.00"],
    [0.000123, "$0.0001"],
    [0.0042, "$0.0042"],
    [0.01, "$0.01"],
    [1.234, "$1.23"],
  ])("cost %s → %s", (usd, text) => expect(formatCost(usd)).toBe(text));

  it.each([
    [0, "0 ms"],
    [850, "850 ms"],
    [1000, "1.0 s"],
    [12_340, "12.3 s"],
    [245_000, "4 min 5 s"],
  ])("duration %s ms → %s", (ms, text) => expect(formatDuration(ms)).toBe(text));

  it("tokens with thousands separators, dates in UTC", () => {
    expect(formatTokens(1234567)).toBe("1,234,567");
    expect(formatDateTime("2026-11-23T11:16:00.000Z")).toBe("23 Nov 2026, 11:16 UTC");
  });
});

describe("the live progress line", () => {
  it.each([
    [{ status: "Generating", sections_done: 0, sections_total: 0 }, "Generating: planning the sections"],
    [{ status: "Generating", sections_done: 2, sections_total: 5 }, "Generating: 2 of 5 sections written"],
    [{ status: "Generated", sections_done: 5, sections_total: 5 }, "Generated"],
    [{ status: "Failed", sections_done: 1, sections_total: 5 }, "Failed"],
  ] as const)("%o → %s", (state, text) => expect(progressText(state)).toBe(text));
});
