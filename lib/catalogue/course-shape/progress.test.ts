import { describe, expect, it } from "vitest";
import {
  acceptedProgress,
  earnedProgress,
  firstQuizToPassBefore,
  isUnlocked,
  nextIncrement,
  nextOpenablePosition,
  progressAfterQuizPass,
  quizIncrement,
  totalUnits,
  unitIndex,
  unitsFromProgress,
} from "./progress";

const shape = [3, 3, 4]; // 10 subsections, 3 sections: 13 units
const never = () => false;
const always = () => true;

describe("increments (docs/product-rules.md, \"Enrolment, reading and unlocking\")", () => {
  it("Next adds round(90 / subsections); a quiz pass adds round(100 / (subsections + sections))", () => {
    expect(nextIncrement(shape)).toBe(9);
    expect(quizIncrement(shape)).toBe(8); // 100 / 13 = 7.69
    expect(nextIncrement([2, 2])).toBe(23); // 22.5 rounds up
    expect(quizIncrement([2, 2])).toBe(17); // 16.67
    expect(nextIncrement([3, 3, 3, 3, 3, 3, 3])).toBe(4); // 90 / 21 = 4.29
  });

  it("a course without content adds nothing instead of dividing by zero", () => {
    expect(nextIncrement([])).toBe(0);
    expect(quizIncrement([])).toBe(0);
  });
});

describe("units and positions", () => {
  it("counts each earlier section's subsections plus its quiz", () => {
    expect(totalUnits(shape)).toBe(13);
    expect(unitIndex(shape, { sectionIndex: 0, subsectionIndex: 0 })).toBe(0);
    expect(unitIndex(shape, { sectionIndex: 1, subsectionIndex: 0 })).toBe(4);
    expect(unitIndex(shape, { sectionIndex: 2, subsectionIndex: 3 })).toBe(11);
  });

  it("maps the percentage onto units, rounding down", () => {
    expect(unitsFromProgress(shape, 0)).toBe(0);
    expect(unitsFromProgress(shape, 50)).toBe(6);
    expect(unitsFromProgress(shape, 100)).toBe(13);
  });
});

describe("isUnlocked", () => {
  it("opens the very first subsection to everyone", () => {
    expect(isUnlocked(shape, { sectionIndex: 0, subsectionIndex: 0 }, 0, 0, never)).toBe(true);
  });

  it("opens what the saved position reached, and no further", () => {
    expect(isUnlocked(shape, { sectionIndex: 0, subsectionIndex: 2 }, 0, 2, never)).toBe(true);
    expect(isUnlocked(shape, { sectionIndex: 0, subsectionIndex: 2 }, 0, 1, never)).toBe(false);
  });

  it("keeps a section closed until the quiz before it is passed, whatever the progress", () => {
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 0 }, 99, 12, never)).toBe(false);
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 0 }, 10, 2, (s) => s === 0)).toBe(true);
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 1 }, 10, 2, (s) => s === 0)).toBe(false);
  });

  it("lets Next open exactly one subsection beyond the unlocked ones", () => {
    // Quiz 0 passed: section 1's first subsection (unit 4) is open, so Next may open unit 5, not 6.
    const passedFirst = (s: number) => s === 0;
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 1 }, 10, 2, passedFirst, 1)).toBe(true);
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 2 }, 10, 2, passedFirst, 1)).toBe(false);
  });

  it("uses the percentage for a course whose position was never saved", () => {
    expect(isUnlocked(shape, { sectionIndex: 1, subsectionIndex: 1 }, 50, 0, always)).toBe(true);
  });

  it("refuses positions outside the course", () => {
    expect(isUnlocked(shape, { sectionIndex: 3, subsectionIndex: 0 }, 100, 13, always)).toBe(false);
    expect(isUnlocked(shape, { sectionIndex: 0, subsectionIndex: 3 }, 100, 13, always)).toBe(false);
    expect(isUnlocked(shape, { sectionIndex: -1, subsectionIndex: 0 }, 100, 13, always)).toBe(false);
  });
});

describe("acceptedProgress", () => {
  it("never goes down", () => {
    expect(acceptedProgress(40, 20, false)).toBe(40);
  });

  it("stays at 99 until every quiz is passed", () => {
    expect(acceptedProgress(90, 100, false)).toBe(99);
    expect(acceptedProgress(90, 100, true)).toBe(100);
  });

  it("rounds and caps", () => {
    expect(acceptedProgress(0, 33.6, false)).toBe(34);
  });
});

describe("earnedProgress", () => {
  it("is nothing right after enrolling, one Next step per subsection opened after a section's first, one quiz step per pass", () => {
    expect(earnedProgress(shape, 0, 0)).toBe(0);
    expect(earnedProgress(shape, 2, 0)).toBe(18); // subsections 2 and 3 of section 1: 2 x 9
    expect(earnedProgress(shape, 4, 1)).toBe(26); // the first subsection of section 2 adds nothing; the quiz 8
    expect(earnedProgress(shape, 12, 3)).toBe(100);
  });
});

describe("firstQuizToPassBefore", () => {
  it("names the first earlier section whose quiz is not passed, or null", () => {
    expect(firstQuizToPassBefore(0, never)).toBeNull();
    expect(firstQuizToPassBefore(2, never)).toBe(0);
    expect(firstQuizToPassBefore(2, (s) => s === 0)).toBe(1);
    expect(firstQuizToPassBefore(2, always)).toBeNull();
  });
});

describe("a whole course ends at exactly 100", () => {
  it("reading every subsection and passing every quiz, as the reader does it, never above what was earned", () => {
    for (const course of [shape, [2, 2], [3, 3, 3, 3, 3, 3, 3], [1, 1, 1], [5]]) {
      let progress = 0;
      const passed = new Set<number>();
      course.forEach((subs, s) => {
        for (let i = 1; i < subs; i++) {
          progress = acceptedProgress(progress, progress + nextIncrement(course), false);
          expect(progress).toBeLessThanOrEqual(earnedProgress(course, unitIndex(course, { sectionIndex: s, subsectionIndex: i }), passed.size));
        }
        passed.add(s);
        progress = progressAfterQuizPass(course, progress, passed.size === course.length);
        if (passed.size < course.length) expect(progress).toBeLessThan(100);
      });
      expect(progress).toBe(100);
    }
  });
});

describe("nextOpenablePosition", () => {
  const shape = [3, 2];
  const none = () => false;
  it("is the subsection one Next step opens, from the start and further on", () => {
    expect(nextOpenablePosition(shape, 0, 0, none)).toEqual({ sectionIndex: 0, subsectionIndex: 1 });
    expect(nextOpenablePosition(shape, 0, 1, none)).toEqual({ sectionIndex: 0, subsectionIndex: 2 });
  });
  it("stops before a quiz still to pass, and goes on once it is passed", () => {
    expect(nextOpenablePosition(shape, 0, 2, none)).toBeNull();
    expect(nextOpenablePosition(shape, 0, 4, (s) => s === 0)).toEqual({ sectionIndex: 1, subsectionIndex: 1 });
  });
  it("is null once everything is open", () => {
    expect(nextOpenablePosition(shape, 0, 5, () => true)).toBeNull();
  });
});
