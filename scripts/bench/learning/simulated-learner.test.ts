import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POPULATIONS, SimulatedLearner, type Population } from "./simulated-learner";

// The benchmark's ground truth behaves as the memory research it stands for says learners do.

const DAY = 24 * 60;
const AVERAGE_ITEM = 0;
const novice = (population: Population): Population => ({ ...population, priorKnownShare: 0 });
const keys = (n: number) => Array.from({ length: n }, (_, i) => `concept-${i}`);

/** Reads the lesson at minute 0, then answers four items at `gap` minutes apart; returns the minute of the last answer. */
function practise(learner: SimulatedLearner, gap: number): number {
  learner.read(["a"], 0);
  for (let i = 1; i <= 4; i++) learner.answer("a", AVERAGE_ITEM, i * gap);
  return 4 * gap;
}

describe("simulated learners", () => {
  it("spaced practice is remembered better a month later than the same practice massed (the spacing effect)", () => {
    for (const population of Object.values(POPULATIONS)) {
      const massed = new SimulatedLearner(novice(population), ["a"], 1);
      const spaced = new SimulatedLearner(novice(population), ["a"], 1);
      const massedEnd = practise(massed, 1);
      const spacedEnd = practise(spaced, DAY);
      const month = (learner: SimulatedLearner, end: number) => learner.trueChance("a", AVERAGE_ITEM, end + 30 * DAY);
      expect(month(spaced, spacedEnd) - month(massed, massedEnd), population.name).toBeGreaterThan(0.04);
    }
  });

  it("forgets with time, never below a guess, and a harder item is less often right", () => {
    const learner = new SimulatedLearner(novice(POPULATIONS.typical), ["a"], 2);
    const end = practise(learner, 60);
    const chances = [1, 60, DAY, 7 * DAY, 60 * DAY].map((m) => learner.trueChance("a", AVERAGE_ITEM, end + m));
    for (let i = 1; i < chances.length; i++) expect(chances[i]!).toBeLessThan(chances[i - 1]!);
    expect(chances[0]!).toBeGreaterThan(0.9);
    expect(chances.at(-1)!).toBeGreaterThanOrEqual(0.25);
    expect(learner.trueChance("a", 2, end + DAY)).toBeLessThan(learner.trueChance("a", AVERAGE_ITEM, end + DAY));
  });

  it("the populations differ as named: fast learners know more at the start, slow ones forget faster", () => {
    const course = keys(400);
    const knownShare = (population: Population) => {
      const learner = new SimulatedLearner(population, course, 3);
      return course.filter((k) => learner.knewBefore(k)).length / course.length;
    };
    expect(knownShare(POPULATIONS.fast)).toBeGreaterThan(0.4);
    expect(knownShare(POPULATIONS.fast)).toBeLessThan(0.6);
    expect(knownShare(POPULATIONS.slow)).toBe(0);

    const fast = new SimulatedLearner(POPULATIONS.fast, course, 4);
    const known = course.filter((k) => fast.knewBefore(k));
    const unknown = course.filter((k) => !fast.knewBefore(k));
    const mean = (list: string[]) => list.reduce((sum, k) => sum + fast.trueChance(k, AVERAGE_ITEM, 0), 0) / list.length;
    expect(mean(known)).toBeGreaterThan(0.9);
    expect(mean(unknown)).toBeLessThan(0.6);

    const weekLater = (population: Population) => {
      const learner = new SimulatedLearner(novice(population), ["a"], 5);
      return learner.recall("a", practise(learner, DAY) + 7 * DAY);
    };
    expect(weekLater(POPULATIONS.slow)).toBeLessThan(weekLater(POPULATIONS.typical));
    expect(weekLater(POPULATIONS.typical)).toBeLessThan(weekLater(POPULATIONS.fast));
  });

  it("is reproducible from its seed, and a probe teaches nothing", () => {
    const answers = (seed: number) => {
      const learner = new SimulatedLearner(POPULATIONS.typical, keys(30), seed);
      return keys(30).map((k, i) => learner.answer(k, AVERAGE_ITEM, i));
    };
    expect(answers(6)).toEqual(answers(6));
    expect(answers(6)).not.toEqual(answers(7));

    const learner = new SimulatedLearner(novice(POPULATIONS.typical), ["a"], 8);
    learner.read(["a"], 0);
    const before = learner.trueChance("a", AVERAGE_ITEM, 10);
    for (let i = 0; i < 20; i++) learner.probe("a", AVERAGE_ITEM, 10);
    expect(learner.trueChance("a", AVERAGE_ITEM, 10)).toBe(before);
  });

  it("refuses a clock that goes back, and a concept the course does not have", () => {
    const learner = new SimulatedLearner(POPULATIONS.typical, ["a"], 9);
    learner.read(["a"], 100);
    expect(() => learner.answer("a", AVERAGE_ITEM, 50)).toThrow(/clock went back/);
    expect(() => learner.trueChance("b", AVERAGE_ITEM, 200)).toThrow(/no concept b/);
  });

  it("shares no code with the app: it imports nothing but its random numbers", () => {
    const source = readFileSync(new URL("./simulated-learner.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import\s.*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(imports).toEqual(["../../../tests/api/prng"]);
  });
});
