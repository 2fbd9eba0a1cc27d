import { earnedProgress, MAX_PROGRESS, unitIndex, type CourseShape } from "../../lib/catalogue/course-shape/progress";

/*
 * The shape of a synthetic data set (`npm run db:synth -- --learners N`), everything in
 * proportion to N; at N = 100,000: 5 admins, 300 topics, 3,000 courses (12,000 sections,
 * 36,000 subsections, 120,000 questions), about 1,000,000 enrolments, 2,000,000 quiz attempts
 * and 10,000,000 answers.
 */

export const SECTIONS_PER_COURSE = 4;
export const SUBSECTIONS_PER_SECTION = 3;
/** A pool of twice the questions one attempt asks, as generation writes them. */
export const QUESTIONS_PER_SECTION = 10;
export const ANSWERS_PER_ATTEMPT = 5;
export const COURSES_PER_TOPIC = 10;
export const MEAN_ENROLMENTS_PER_LEARNER = 10;
export const INTERESTS_PER_LEARNER = 3;
/** Course popularity ~ 1 / rank^ZIPF_EXPONENT: a few courses draw most learners. */
export const ZIPF_EXPONENT = 0.9;

export const COURSE_SHAPE: CourseShape = Array.from({ length: SECTIONS_PER_COURSE }, () => SUBSECTIONS_PER_SECTION);

export type SynthSizes = { learners: number; admins: number; topics: number; courses: number };

export function synthSizes(learners: number): SynthSizes {
  if (!Number.isInteger(learners) || learners < 10) throw new Error(`--learners must be a whole number of at least 10 (got ${learners})`);
  const scale = learners / 100_000;
  const topics = Math.max(5, Math.round(300 * scale));
  return { learners, admins: Math.max(2, Math.round(5 * scale)), topics, courses: topics * COURSES_PER_TOPIC };
}

/**
 * Where a learner can stand, by the app's own progress rules (lib/catalogue/course-shape/progress.ts): the
 * first `passed` section quizzes passed, and, short of the end, the reader at `subsection` of
 * the next section. Progress is what those steps earn; 100 exactly when every quiz is passed.
 */
export type ProgressState = { passed: number; subsection: number; furthestUnit: number; progress: number };

export function progressStates(): ProgressState[] {
  const states: ProgressState[] = [];
  for (let passed = 0; passed < SECTIONS_PER_COURSE; passed++) {
    for (let subsection = 0; subsection < SUBSECTIONS_PER_SECTION; subsection++) {
      const furthestUnit = unitIndex(COURSE_SHAPE, { sectionIndex: passed, subsectionIndex: subsection });
      states.push({ passed, subsection, furthestUnit, progress: earnedProgress(COURSE_SHAPE, furthestUnit, passed) });
    }
  }
  const last = unitIndex(COURSE_SHAPE, { sectionIndex: SECTIONS_PER_COURSE - 1, subsectionIndex: SUBSECTIONS_PER_SECTION - 1 });
  states.push({ passed: SECTIONS_PER_COURSE, subsection: SUBSECTIONS_PER_SECTION - 1, furthestUnit: last, progress: MAX_PROGRESS });
  return states;
}
