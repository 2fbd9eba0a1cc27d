import { describe, expect, it } from "vitest";
import { drawAttempt, shuffle, type PoolItem } from "./draw";

const HOUR = 3_600_000;
const now = new Date("2026-11-26T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

/** A seed-sized pool: five concepts, two items each. */
const pool: PoolItem[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, concept: `Concept ${i % 5}`, position: i }));
const base = { pool, missedConcepts: new Set<string>(), perAttempt: 5, cooldownMs: 24 * HOUR, now };

describe("drawing an attempt", () => {
  it("asks one item per concept, and only unseen items in an attempt that counts", () => {
    // Every ledger of revealed items that leaves each concept an unseen item: the draw never asks a revealed one.
    for (let mask = 0; mask < 1 << 10; mask++) {
      const revealedAt = new Map(pool.filter((p) => mask & (1 << (p.id - 1))).map((p) => [p.id, ago(1)]));
      const unseenPerConcept = [0, 1, 2, 3, 4].map((c) => pool.filter((p) => p.concept === `Concept ${c}` && !revealedAt.has(p.id)).length);
      if (unseenPerConcept.some((n) => n === 0)) continue;
      const draw = drawAttempt({ ...base, revealedAt });
      expect(draw.countsTowardPass).toBe(true);
      expect(draw.questionIds.filter((id) => revealedAt.has(id))).toEqual([]);
      expect(new Set(draw.questionIds.map((id) => pool[id - 1]!.concept)).size).toBe(5);
    }
  });

  it("after a revealing attempt, the retry asks the other item of every concept", () => {
    const first = drawAttempt({ ...base, revealedAt: new Map() });
    const revealedAt = new Map(first.questionIds.map((id) => [id, ago(0)]));
    const retry = drawAttempt({ ...base, revealedAt });
    expect(retry.countsTowardPass).toBe(true);
    expect(retry.questionIds.some((id) => first.questionIds.includes(id))).toBe(false);
    expect(retry.exhaustedConcepts).toHaveLength(5);
  });

  it("with every key revealed recently, brings back those revealed longest ago as practice and says when an attempt counts", () => {
    // Concept c's items were revealed 2c+1 and 2c+2 hours ago (item ids 1..10 in pool order).
    const revealedAt = new Map(pool.map((p) => [p.id, ago(p.id)]));
    const draw = drawAttempt({ ...base, revealedAt });
    expect(draw.countsTowardPass).toBe(false);
    // Per concept, the item revealed longest ago: ids 6..10 (Concept 0..4's second items).
    expect([...draw.questionIds].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10]);
    // Each concept counts again 24 h after its oldest reveal; the attempt needs all five: item 6's.
    expect(draw.nextCountingAt).toEqual(new Date(ago(6).getTime() + 24 * HOUR));
  });

  it("counts again once the cool-down has passed, and never mixes in a recent reveal while a cooled item exists", () => {
    const revealedAt = new Map(pool.map((p) => [p.id, p.id > 5 ? ago(30) : ago(1)]));
    const draw = drawAttempt({ ...base, revealedAt });
    expect(draw.countsTowardPass).toBe(true);
    expect(draw.nextCountingAt).toBeNull();
    expect([...draw.questionIds].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10]);
  });

  it("asks the concepts last missed first", () => {
    const missed = new Set(["concept 3"]);
    for (let i = 0; i < 50; i++) {
      const draw = drawAttempt({ ...base, revealedAt: new Map(), missedConcepts: missed });
      expect(pool[draw.questionIds[0]! - 1]!.concept).toBe("Concept 3");
    }
  });

  it("repeats a concept only when the pool has fewer concepts than an attempt asks", () => {
    const small: PoolItem[] = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, concept: i < 3 ? "A" : "B", position: i }));
    const draw = drawAttempt({ ...base, pool: small, revealedAt: new Map() });
    expect(draw.questionIds).toHaveLength(5);
    const concepts = draw.questionIds.map((id) => small[id - 1]!.concept);
    expect(concepts.filter((c) => c === "A").length).toBeGreaterThanOrEqual(2);
    expect(concepts.filter((c) => c === "B").length).toBeGreaterThanOrEqual(2);
  });
});

describe("shuffling options", () => {
  it("puts the key in each of four positions a quarter of the time (10,000 shuffles, within 2 points)", () => {
    const options = ["key", "b", "c", "d"];
    const counts = [0, 0, 0, 0];
    const runs = 10_000;
    for (let i = 0; i < runs; i++) counts[shuffle(options).indexOf("key")]! += 1;
    for (const count of counts) expect(Math.abs(count / runs - 0.25)).toBeLessThan(0.02);
  });

  it("keeps every option exactly once", () => {
    expect(shuffle(["a", "b", "c", "d"]).sort()).toEqual(["a", "b", "c", "d"]);
  });
});
