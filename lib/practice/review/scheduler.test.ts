import { State } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { scheduleAnswer } from "./scheduler";

const NOW = new Date("2026-03-02T09:00:00.000Z");
const minutes = (date: Date, from: Date) => (date.getTime() - from.getTime()) / 60_000;
const days = (date: Date, from: Date) => minutes(date, from) / (24 * 60);
const at = (from: Date, plusMinutes: number) => new Date(from.getTime() + plusMinutes * 60_000);

describe("FSRS scheduling (ts-fsrs, fixed clock)", () => {
  it("a question missed in a quiz is due at once", () => {
    const card = scheduleAnswer(null, false, NOW, "quiz");
    expect(card.due).toEqual(NOW);
    expect(card.state).toBe(State.Learning);
    expect(card.reps).toBe(1);
  });

  it("a question right the first time graduates: due in 2 days", () => {
    const card = scheduleAnswer(null, true, NOW, "quiz");
    expect(card.state).toBe(State.Review);
    expect(days(card.due, NOW)).toBe(2);
  });

  it("after a miss, a right review is due again a day later, and the next right review waits longer", () => {
    const missed = scheduleAnswer(null, false, NOW, "quiz");
    const reviewedAt = at(NOW, 5);
    const right = scheduleAnswer(missed, true, reviewedAt, "review");
    expect(right.due.getTime()).toBeGreaterThan(reviewedAt.getTime());
    expect(days(right.due, reviewedAt)).toBe(1);
    const again = scheduleAnswer(right, true, right.due, "review");
    expect(days(again.due, right.due)).toBeGreaterThan(1);
    expect(again.stability).toBeGreaterThan(right.stability);
  });

  it("a wrong review comes back after the 10-minute relearning step (not at once), and counts a lapse", () => {
    const learned = scheduleAnswer(null, true, NOW, "quiz");
    const wrongAt = learned.due;
    const wrong = scheduleAnswer(learned, false, wrongAt, "review");
    expect(wrong.state).toBe(State.Relearning);
    expect(minutes(wrong.due, wrongAt)).toBe(10);
    expect(wrong.lapses).toBe(1);
  });

  it("is deterministic: the same answers at the same times give the same card", () => {
    const a = scheduleAnswer(scheduleAnswer(null, false, NOW, "quiz"), true, at(NOW, 1), "review");
    const b = scheduleAnswer(scheduleAnswer(null, false, NOW, "quiz"), true, at(NOW, 1), "review");
    expect(a).toEqual(b);
  });
});
