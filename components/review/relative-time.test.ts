import { describe, expect, it } from "vitest";
import { dueIn } from "./relative-time";

const now = new Date("2025-03-01T12:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("dueIn", () => {
  it.each([
    [-5_000, "now"],
    [0, "now"],
    // The edge that once read "Nothing to review now. Your next review is due now.": a card not due yet, within the minute.
    [1, "in less than a minute"],
    [20_000, "in less than a minute"],
    [59_999, "in less than a minute"],
    [60_000, "in 1 minute"],
    [89_000, "in 1 minute"],
    [10 * 60_000, "in 10 minutes"],
    [60 * 60_000, "in 1 hour"],
    [24 * 60 * 60_000, "in 1 day"],
    [3 * 24 * 60 * 60_000, "in 3 days"],
  ])("%i ms ahead reads %s", (ms, text) => {
    expect(dueIn(later(ms), now)).toBe(text);
  });

  it("never calls a time still ahead 'now'", () => {
    for (let ms = 1; ms < 120_000; ms += 997) expect(dueIn(later(ms), now)).not.toBe("now");
  });
});
