import { describe, expect, it } from "vitest";
import { conceptKey, expectedCorrect, levelOf, masteryOf, MASTERY_MODEL, nextRating, questionDifficulty } from "./model";

describe("mastery model (Elo-style rating against question difficulty)", () => {
  it("a question nobody has answered is of average difficulty; misses make it harder, right answers easier", () => {
    expect(questionDifficulty(0, 0)).toBe(0);
    expect(questionDifficulty(1, 1)).toBeCloseTo(Math.log(2), 10);
    expect(questionDifficulty(10, 9)).toBeGreaterThan(questionDifficulty(10, 5));
    expect(questionDifficulty(10, 1)).toBeLessThan(0);
    // The Beta(1, 1) prior: one learner's miss does not make a question "impossible".
    expect(Number.isFinite(questionDifficulty(1, 1))).toBe(true);
    expect(Number.isFinite(questionDifficulty(5, 0))).toBe(true);
  });

  it("expects a learner rated like the question to be right half the time", () => {
    expect(expectedCorrect(0, 0)).toBe(0.5);
    expect(expectedCorrect(1, 0)).toBeGreaterThan(0.5);
    expect(expectedCorrect(0, 1)).toBeLessThan(0.5);
  });

  it("one miss on an average question makes a new concept struggling; a right answer on a hard question moves it further than on an easy one", () => {
    const afterMiss = nextRating(MASTERY_MODEL.initialRating, 0, 0, false);
    expect(afterMiss).toBeCloseTo(-0.6, 10); // K = 1.2, expected 0.5
    expect(levelOf(masteryOf(afterMiss), 1, false)).toBe("struggling");
    const hard = nextRating(afterMiss, 1, questionDifficulty(1, 1), true);
    const easy = nextRating(afterMiss, 1, questionDifficulty(10, 0), true);
    expect(hard).toBeGreaterThan(easy);
    expect(levelOf(masteryOf(hard), 2, true)).toBe("learning");
  });

  it("one right answer (a passed quiz) is learning, two in a row on average questions are mastered; later answers move the rating less (K shrinks)", () => {
    let rating: number = MASTERY_MODEL.initialRating;
    const steps: number[] = [];
    for (let answers = 0; answers < 4; answers++) {
      const next = nextRating(rating, answers, 0, true);
      steps.push(next - rating);
      rating = next;
      expect(levelOf(masteryOf(rating), answers + 1, true)).toBe(answers === 0 ? "learning" : "mastered");
    }
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThan(steps[i - 1]!);
  });

  it("levels: new without answers; needs another look after a wrong latest answer, whatever the mastery; then by mastery", () => {
    expect(levelOf(0.9, 0, true)).toBe("new");
    expect(levelOf(0.95, 5, false)).toBe("struggling");
    expect(levelOf(0.2, 3, true)).toBe("learning");
    expect(levelOf(0.69, 3, true)).toBe("learning");
    expect(levelOf(0.7, 3, true)).toBe("mastered");
  });

  it("a concept missed, then answered right on a fresh item, no longer needs another look", () => {
    const afterMiss = nextRating(0, 0, 0, false);
    const afterRight = nextRating(afterMiss, 1, 0, true);
    expect(levelOf(masteryOf(afterMiss), 1, false)).toBe("struggling");
    expect(levelOf(masteryOf(afterRight), 2, true)).toBe("learning");
  });

  it("questions naming one concept in different case or spacing share it", () => {
    expect(conceptKey("  Floor   Division ")).toBe("floor division");
  });
});
