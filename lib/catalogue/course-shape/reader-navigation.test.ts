import { describe, expect, it } from "vitest";
import { isRead, minutesLeft, nextStep, previousPosition, resumePosition, sectionState, type LearnerProgress } from "./reader-navigation";

const shape = [3, 3, 4]; // 10 subsections + 3 quizzes = 13 units
const learner = (over: Partial<LearnerProgress> = {}): LearnerProgress => ({ progress: 0, furthestUnit: 0, quizPassed: () => false, ...over });
const at = (sectionIndex: number, subsectionIndex: number) => ({ sectionIndex, subsectionIndex });

describe("resumePosition", () => {
  it("starts a new learner at the very first subsection", () => {
    expect(resumePosition(shape, learner())).toEqual(at(0, 0));
  });

  it("resumes at the furthest subsection reached, but never behind an unpassed quiz", () => {
    expect(resumePosition(shape, learner({ furthestUnit: 2, progress: 18 }))).toEqual(at(0, 2));
    // A high percentage from elsewhere still stops at section 1's end while its quiz is not passed.
    expect(resumePosition(shape, learner({ progress: 60 }))).toEqual(at(0, 2));
  });

  it("opens the next section's first subsection once the quiz is passed", () => {
    expect(resumePosition(shape, learner({ furthestUnit: 2, progress: 26, quizPassed: (s) => s === 0 }))).toEqual(at(1, 0));
  });

  it("has nothing to resume in a course without content", () => {
    expect(resumePosition([], learner())).toBeNull();
  });
});

describe("isRead", () => {
  it("ticks a lesson once the learner moved on from it, never the one just opened", () => {
    const reader = learner({ furthestUnit: 1, progress: 9 });
    expect(isRead(shape, at(0, 0), reader)).toBe(true);
    expect(isRead(shape, at(0, 1), reader)).toBe(false); // just opened
    expect(isRead(shape, at(0, 2), reader)).toBe(false); // locked
    expect(isRead(shape, at(0, 0), learner())).toBe(false); // a new learner's first lesson
  });

  it("ticks a section's last lesson only once its quiz is passed", () => {
    expect(isRead(shape, at(0, 2), learner({ furthestUnit: 2, progress: 18 }))).toBe(false);
    const passed = learner({ furthestUnit: 2, progress: 26, quizPassed: (s) => s === 0 });
    expect([0, 1, 2].map((sub) => isRead(shape, at(0, sub), passed))).toEqual([true, true, true]);
    expect(isRead(shape, at(1, 0), passed)).toBe(false); // the next section's first, open but not read
  });
});

describe("previousPosition", () => {
  it("goes back one subsection, across sections, and is disabled at the very start", () => {
    expect(previousPosition(shape, at(0, 2))).toEqual(at(0, 1));
    expect(previousPosition(shape, at(1, 0))).toEqual(at(0, 2));
    expect(previousPosition(shape, at(2, 0))).toEqual(at(1, 2));
    expect(previousPosition(shape, at(0, 0))).toBeNull();
  });
});

describe("nextStep", () => {
  it("inside a section unlocks the next subsection and raises progress by round(90 / subsections)", () => {
    expect(nextStep(shape, at(0, 0), learner())).toEqual({ kind: "subsection", to: at(0, 1), unlocks: true, progress: 9 });
  });

  it("does not raise progress for a subsection that is already open", () => {
    expect(nextStep(shape, at(0, 0), learner({ furthestUnit: 2, progress: 18 }))).toEqual({ kind: "subsection", to: at(0, 1), unlocks: false, progress: 18 });
  });

  it("asks for the stored progress plus the increment (the server caps it)", () => {
    expect(nextStep(shape, at(1, 1), learner({ furthestUnit: 5, progress: 40, quizPassed: (s) => s === 0 }))).toEqual({ kind: "subsection", to: at(1, 2), unlocks: true, progress: 49 });
  });

  it("on a section's last subsection leads to the next section only after its quiz is passed", () => {
    expect(nextStep(shape, at(0, 2), learner({ furthestUnit: 2 }))).toEqual({ kind: "section", to: at(1, 0), allowed: false, quizPassed: false });
    expect(nextStep(shape, at(0, 2), learner({ furthestUnit: 2, quizPassed: (s) => s === 0 }))).toEqual({ kind: "section", to: at(1, 0), allowed: true, quizPassed: true });
  });

  it("has no next section after the last one, even with its quiz passed", () => {
    expect(nextStep(shape, at(2, 3), learner({ quizPassed: () => true }))).toEqual({ kind: "section", to: null, allowed: false, quizPassed: true });
  });
});

describe("sectionState", () => {
  const states = (l: LearnerProgress, failed: number[] = []) => shape.map((_, s) => sectionState(shape, s, l, failed.includes(s)));

  it("a new learner has the first section in progress and the others locked", () => {
    expect(states(learner())).toEqual(["in_progress", "locked", "locked"]);
  });

  it("a passed quiz opens the next section; a failed one not passed since asks for review", () => {
    expect(states(learner({ furthestUnit: 6, progress: 40, quizPassed: (s) => s === 0 }), [1])).toEqual(["quiz_passed", "review", "locked"]);
    expect(states(learner({ progress: 100, quizPassed: () => true }), [1])).toEqual(["quiz_passed", "quiz_passed", "quiz_passed"]);
  });

  it("a high percentage never opens a section behind an unpassed quiz", () => {
    expect(states(learner({ progress: 90 }))).toEqual(["in_progress", "locked", "locked"]);
  });
});

describe("minutesLeft", () => {
  // Lesson minutes per section (shape [3, 3, 4]); each quiz 5 minutes.
  const minutes = [{ minutes: [2, 3, 4] }, { minutes: [1, 1, 1] }, { minutes: [5, 5, 5, 5] }];
  const whole = 9 + 3 + 20 + 3 * 5;

  it("is the whole course before enrolling and at the very start", () => {
    expect(minutesLeft(shape, null, minutes, 5)).toBe(whole);
    expect(minutesLeft(shape, learner(), minutes, 5)).toBe(whole);
  });

  it("leaves out the lessons before where the learner resumes", () => {
    // Resuming on the third lesson of section 1: its first two are read.
    expect(minutesLeft(shape, learner({ furthestUnit: 2 }), minutes, 5)).toBe(whole - 2 - 3);
  });

  it("counts a section whose quiz is passed as done", () => {
    const passedFirst = learner({ furthestUnit: 4, quizPassed: (s) => s === 0 });
    expect(minutesLeft(shape, passedFirst, minutes, 5)).toBe(whole - 9 - 5);
    expect(minutesLeft(shape, learner({ furthestUnit: 12, quizPassed: () => true }), minutes, 5)).toBe(0);
  });

  it("counts nothing yet for a section still being written", () => {
    const writing = [...minutes.slice(0, 2), { minutes: [null, null, null, null] }];
    expect(minutesLeft(shape, null, writing, 5)).toBe(9 + 3 + 2 * 5);
  });
});
