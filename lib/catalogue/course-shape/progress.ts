/*
 * The reading and progress rules (docs/product-rules.md), as pure functions shared by the server
 * (which keeps the truth) and the reader (which shows it).
 *
 * A course is a sequence of "units": each section's subsections, then its quiz. Progress is an
 * integer percentage. Pressing Next onto a subsection not yet unlocked adds round(90 / total
 * subsections); passing a section's quiz adds round(100 / (subsections + sections)); both are
 * capped at 100, and only passing every quiz reaches exactly 100.
 */

/** Subsection counts per section, in order: the shape of a course. */
export type CourseShape = readonly number[];

export type Position = { sectionIndex: number; subsectionIndex: number };

export const MAX_PROGRESS = 100;

export function totalSubsections(shape: CourseShape): number {
  return shape.reduce((sum, n) => sum + n, 0);
}

export function totalUnits(shape: CourseShape): number {
  return totalSubsections(shape) + shape.length;
}

/** The rise for unlocking one more subsection with Next. */
export function nextIncrement(shape: CourseShape): number {
  const subs = totalSubsections(shape);
  return subs === 0 ? 0 : Math.round(90 / subs);
}

/** The rise for passing one section's quiz. */
export function quizIncrement(shape: CourseShape): number {
  const units = totalUnits(shape);
  return units === 0 ? 0 : Math.round(100 / units);
}

export function capProgress(value: number): number {
  return Math.max(0, Math.min(MAX_PROGRESS, Math.round(value)));
}

/** The unit index of a subsection: earlier sections count their subsections plus their quiz. */
export function unitIndex(shape: CourseShape, { sectionIndex, subsectionIndex }: Position): number {
  let index = 0;
  for (let s = 0; s < sectionIndex; s++) index += (shape[s] ?? 0) + 1;
  return index + subsectionIndex;
}

export function isValidPosition(shape: CourseShape, { sectionIndex, subsectionIndex }: Position): boolean {
  return (
    Number.isInteger(sectionIndex) &&
    Number.isInteger(subsectionIndex) &&
    sectionIndex >= 0 &&
    sectionIndex < shape.length &&
    subsectionIndex >= 0 &&
    subsectionIndex < (shape[sectionIndex] ?? 0)
  );
}

/** Units the percentage stands for: the percent mapped onto subsections plus one per section. */
export function unitsFromProgress(shape: CourseShape, progress: number): number {
  return Math.floor((capProgress(progress) * totalUnits(shape)) / MAX_PROGRESS);
}

/**
 * The furthest unit the learner may open: the saved reader position or, for a course read
 * elsewhere, the units the percentage stands for; and each passed quiz opens the next
 * section's first subsection (as long as every quiz before it is passed too).
 */
export function furthestUnlockedUnit(
  shape: CourseShape,
  progress: number,
  furthestUnit: number,
  quizPassed: (sectionIndex: number) => boolean,
): number {
  let reach = Math.max(furthestUnit, unitsFromProgress(shape, progress));
  for (let s = 0; s + 1 < shape.length && quizPassed(s); s++) {
    reach = Math.max(reach, unitIndex(shape, { sectionIndex: s + 1, subsectionIndex: 0 }));
  }
  return reach;
}

/**
 * Whether a subsection is open to read: within the furthest unlocked unit (plus `ahead`, for
 * the one step Next may take), and behind no unpassed quiz.
 */
export function isUnlocked(
  shape: CourseShape,
  position: Position,
  progress: number,
  furthestUnit: number,
  quizPassed: (sectionIndex: number) => boolean,
  ahead = 0,
): boolean {
  if (!isValidPosition(shape, position)) return false;
  for (let s = 0; s < position.sectionIndex; s++) if (!quizPassed(s)) return false;
  if (position.sectionIndex === 0 && position.subsectionIndex === 0) return true;
  return unitIndex(shape, position) <= furthestUnlockedUnit(shape, progress, furthestUnit, quizPassed) + ahead;
}

/**
 * The subsection one Next step opens from where the learner stands: the first one not yet open
 * that Next may open, or null when the next unit is a quiz still to pass (or the course is read).
 * A progress save that names no position counts as this step.
 */
export function nextOpenablePosition(
  shape: CourseShape,
  progress: number,
  furthestUnit: number,
  quizPassed: (sectionIndex: number) => boolean,
): Position | null {
  for (let sectionIndex = 0; sectionIndex < shape.length; sectionIndex++) {
    for (let subsectionIndex = 0; subsectionIndex < (shape[sectionIndex] ?? 0); subsectionIndex++) {
      const position = { sectionIndex, subsectionIndex };
      if (isUnlocked(shape, position, progress, furthestUnit, quizPassed)) continue;
      return isUnlocked(shape, position, progress, furthestUnit, quizPassed, 1) ? position : null;
    }
  }
  return null;
}

/**
 * The most progress a learner can have earned by the increments above: one Next step for
 * every subsection opened after the first of its section, up to the furthest unit reached,
 * and one quiz step per quiz passed; 100 once every quiz is passed. Saved progress never exceeds it.
 */
export function earnedProgress(shape: CourseShape, furthestUnit: number, quizzesPassed: number): number {
  // Passing the last quiz sets exactly 100, whatever the rounded steps add up to.
  if (shape.length > 0 && quizzesPassed >= shape.length) return MAX_PROGRESS;
  let nextSteps = 0;
  shape.forEach((count, sectionIndex) => {
    for (let subsectionIndex = 1; subsectionIndex < count; subsectionIndex++) {
      if (unitIndex(shape, { sectionIndex, subsectionIndex }) <= furthestUnit) nextSteps++;
    }
  });
  return capProgress(nextSteps * nextIncrement(shape) + quizzesPassed * quizIncrement(shape));
}

/** A section's quiz opens once every earlier section's quiz is passed; the first unpassed one, or null. */
export function firstQuizToPassBefore(sectionIndex: number, quizPassed: (sectionIndex: number) => boolean): number | null {
  for (let s = 0; s < sectionIndex; s++) if (!quizPassed(s)) return s;
  return null;
}

/**
 * The progress to store for a requested value. It never goes down, and stays below 100 until
 * every quiz is passed (only the server, on the last pass, sets 100).
 */
export function acceptedProgress(stored: number, requested: number, allQuizzesPassed: boolean): number {
  const ceiling = allQuizzesPassed ? MAX_PROGRESS : MAX_PROGRESS - 1;
  return Math.max(stored, Math.min(capProgress(requested), ceiling));
}

/** Progress after a section's quiz is passed for the first time. */
export function progressAfterQuizPass(shape: CourseShape, stored: number, allQuizzesPassed: boolean): number {
  if (allQuizzesPassed) return MAX_PROGRESS;
  return Math.min(MAX_PROGRESS - 1, capProgress(stored + quizIncrement(shape)));
}
