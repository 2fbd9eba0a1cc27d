import { MIN_POOL_SIZE } from "../../../db/quiz-pool";
import type { CourseLength } from "../../../db/schema";

/* The shape of a generated course and how its quiz pool is split over the calls that write it. */

export const COURSES_PER_TOPIC = 4;
export const SECTIONS_PER_COURSE = 4;
export const SUBSECTIONS_PER_SECTION = 3;
/** Questions kept per section: twice what one attempt shows, so a retry is not the same quiz. */
export const QUESTION_POOL_SIZE = MIN_POOL_SIZE;
/** Rounds of replacement questions (for rejected or wrongly keyed ones) per batch. */
export const REPLACEMENT_ROUNDS = 3;

/** How many of the section's pool the questions of subsection `index` (of `count`) write: 10 over 3 is 4, 3, 3. */
export function questionsForPart(index: number, count: number): number {
  return Math.floor(QUESTION_POOL_SIZE / count) + (index < QUESTION_POOL_SIZE % count ? 1 : 0);
}

/**
 * The lengths a learner may ask for (docs/product-rules.md, "Course requests"): sections and
 * lessons per section. `standard` is the shape every course has had (an admin's topic courses).
 */
export const COURSE_LENGTHS = {
  short: { sections: 2, lessons: 2 },
  standard: { sections: SECTIONS_PER_COURSE, lessons: SUBSECTIONS_PER_SECTION },
  long: { sections: 6, lessons: SUBSECTIONS_PER_SECTION },
} as const satisfies Record<CourseLength, { sections: number; lessons: number }>;
