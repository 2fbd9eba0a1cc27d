/*
 * Where the reader's Previous / Next / 'Next Section →' lead, and where a learner resumes, as
 * pure functions over the rules in ./progress (the same ones the server enforces).
 */
import { isUnlocked, isValidPosition, nextIncrement, capProgress, unitIndex, type CourseShape, type Position } from "./progress";

type QuizPassed = (sectionIndex: number) => boolean;

export type LearnerProgress = { progress: number; furthestUnit: number; quizPassed: QuizPassed };

/** Every subsection in reading order. */
export function allPositions(shape: CourseShape): Position[] {
  return shape.flatMap((count, sectionIndex) => Array.from({ length: count }, (_, subsectionIndex) => ({ sectionIndex, subsectionIndex })));
}

export function isOpen(shape: CourseShape, position: Position, learner: LearnerProgress): boolean {
  return isUnlocked(shape, position, learner.progress, learner.furthestUnit, learner.quizPassed);
}

/**
 * Whether the learner has read a subsection, as the outline ticks it: they moved on from it (the
 * subsection after it in its section is open) or passed its section's quiz. Opening a lesson is
 * not reading it: the one just opened, and a section's last before its quiz, are not ticked yet.
 */
export function isRead(shape: CourseShape, position: Position, learner: LearnerProgress): boolean {
  if (!isOpen(shape, position, learner)) return false;
  if (learner.quizPassed(position.sectionIndex)) return true;
  const after = { sectionIndex: position.sectionIndex, subsectionIndex: position.subsectionIndex + 1 };
  return isValidPosition(shape, after) && isOpen(shape, after, learner);
}

/** Where a learner resumes: the furthest subsection they may open (the very first for a new learner). */
export function resumePosition(shape: CourseShape, learner: LearnerProgress): Position | null {
  const open = allPositions(shape).filter((p) => isOpen(shape, p, learner));
  return open.at(-1) ?? null;
}

/** One subsection back, or the last subsection of the previous section; null at the very start. */
export function previousPosition(shape: CourseShape, { sectionIndex, subsectionIndex }: Position): Position | null {
  if (subsectionIndex > 0) return { sectionIndex, subsectionIndex: subsectionIndex - 1 };
  for (let s = sectionIndex - 1; s >= 0; s--) {
    const count = shape[s] ?? 0;
    if (count > 0) return { sectionIndex: s, subsectionIndex: count - 1 };
  }
  return null;
}

export type NextStep =
  /** Inside a section: the next subsection; `unlocks` when it is not open yet (progress rises and is saved). */
  | { kind: "subsection"; to: Position; unlocks: boolean; progress: number }
  /** On a section's last subsection: the next section, open only once this section's quiz is passed. */
  | { kind: "section"; to: Position | null; allowed: boolean; quizPassed: boolean };

export function nextStep(shape: CourseShape, position: Position, learner: LearnerProgress): NextStep {
  const { sectionIndex, subsectionIndex } = position;
  const count = shape[sectionIndex] ?? 0;
  if (subsectionIndex + 1 < count) {
    const to = { sectionIndex, subsectionIndex: subsectionIndex + 1 };
    const unlocks = !isOpen(shape, to, learner);
    return { kind: "subsection", to, unlocks, progress: unlocks ? capProgress(learner.progress + nextIncrement(shape)) : learner.progress };
  }
  let to: Position | null = null;
  for (let s = sectionIndex + 1; s < shape.length && !to; s++) {
    if ((shape[s] ?? 0) > 0) to = { sectionIndex: s, subsectionIndex: 0 };
  }
  const quizPassed = learner.quizPassed(sectionIndex);
  return { kind: "section", to, quizPassed, allowed: quizPassed && to !== null && isValidPosition(shape, to) };
}

/** A section as the course overview shows it. */
export type SectionState = "locked" | "in_progress" | "quiz_passed" | "review";

/**
 * Passed quiz first, then a failed quiz not passed since ("review"), then whether the learner may
 * open the section's first subsection ("in_progress") or not yet ("locked").
 */
export function sectionState(shape: CourseShape, sectionIndex: number, learner: LearnerProgress, failedQuiz: boolean): SectionState {
  if (learner.quizPassed(sectionIndex)) return "quiz_passed";
  if (failedQuiz) return "review";
  return isOpen(shape, { sectionIndex, subsectionIndex: 0 }, learner) ? "in_progress" : "locked";
}

/** A section's lesson minutes in order; null while the section is being written (it counts nothing yet). */
export type SectionMinutes = { minutes: readonly (number | null)[] };

/**
 * "N min left" (docs/product-rules.md, "Durations"): the lessons from where the learner resumes
 * on, plus the quiz, of every section whose quiz is not passed yet. Lessons before the resume
 * point count as read; a passed quiz's section counts as done. Not enrolled: the whole course.
 */
export function minutesLeft(shape: CourseShape, learner: LearnerProgress | null, sections: readonly SectionMinutes[], quizMinutes: number): number {
  const resume = learner ? resumePosition(shape, learner) : null;
  const from = resume ? unitIndex(shape, resume) : 0;
  let left = 0;
  sections.forEach((section, sectionIndex) => {
    if (learner?.quizPassed(sectionIndex) || section.minutes.some((m) => m === null)) return;
    left += quizMinutes;
    section.minutes.forEach((m, subsectionIndex) => {
      if (unitIndex(shape, { sectionIndex, subsectionIndex }) >= from) left += m ?? 0;
    });
  });
  return left;
}
