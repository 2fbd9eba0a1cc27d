/*
 * How long a course takes, estimated from its content (docs/product-rules.md, "Durations"): the
 * reading time of each lesson's markdown plus the time of each section's quiz. Pure functions,
 * shared by the server (which stores a course's total, lib/catalogue/courses/store-duration.ts), the seed
 * (which is handed the estimate, db/ sits below lib/) and the screens (which format it).
 */
import { QUESTIONS_PER_ATTEMPT } from "../../../db/quiz-pool";
import { markdownLines } from "../../platform/content/fences";
import { minutesLeft, type LearnerProgress } from "../course-shape/reader-navigation";
import type { CourseDetail } from "./responses";

/** Prose read at an ordinary reading pace. */
export const PROSE_WORDS_PER_MINUTE = 200;
/** Code is read more slowly than prose: every whitespace-separated token counts as a word. */
export const CODE_WORDS_PER_MINUTE = 100;
/** One quiz item, read, answered and its feedback read. */
export const MINUTES_PER_QUIZ_ITEM = 1;
/** One attempt at a section's quiz: the items one attempt asks. */
export const QUIZ_MINUTES = QUESTIONS_PER_ATTEMPT * MINUTES_PER_QUIZ_ITEM;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** Prose and code words of a lesson's markdown: fenced blocks are code; links count their text, not their address. */
export function countWords(markdown: string): { prose: number; code: number } {
  let prose = 0;
  let code = 0;
  for (const line of markdownLines(markdown)) {
    if (line.kind === "code") code += line.text.split(/\s+/).filter(Boolean).length;
    if (line.kind !== "prose") continue;
    const text = line.text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ") // images: nothing to read
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // links: their text
      .replace(/<[^>]*>/g, " "); // raw HTML is dropped when shown
    prose += text.match(WORD)?.length ?? 0;
  }
  return { prose, code };
}

/** A lesson's reading time in whole minutes, rounded up (0 for an empty lesson). */
export function lessonMinutes(markdown: string): number {
  const { prose, code } = countWords(markdown);
  return Math.ceil(prose / PROSE_WORDS_PER_MINUTE + code / CODE_WORDS_PER_MINUTE);
}

export type CourseContentForEstimate = readonly { subsections: readonly { content: string }[] }[];

/** A course's estimate in minutes: every lesson's reading time plus one quiz attempt per section. */
export function estimateCourseMinutes(sections: CourseContentForEstimate): number {
  return sections.reduce((sum, section) => sum + QUIZ_MINUTES + section.subsections.reduce((s, sub) => s + lessonMinutes(sub.content), 0), 0);
}

/**
 * The API's `duration`: hours to the nearest half hour, at least half an hour for any content
 * (so a 20-minute course is not "0"); 0 only for a course with nothing written yet.
 */
export function durationHours(minutes: number): number {
  if (minutes <= 0) return 0;
  return Math.max(0.5, Math.round(minutes / 30) / 2);
}

/** "25 min" below an hour, "1h", "1.5h" from an hour up (to the half hour, as the API's `duration`). */
export function formatLearningTime(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  return `${durationHours(whole)}h`;
}

/** "N min left" of a course as GET /courses/{id} answers it (lib/catalogue/course-shape/reader-navigation.ts minutesLeft). */
export function courseMinutesLeft(course: Pick<CourseDetail, "sections" | "course_progress" | "furthest_unit" | "quiz_status" | "enrolled">): number {
  const shape = course.sections.map((s) => s.subsections.length);
  const learner: LearnerProgress | null = course.enrolled
    ? { progress: course.course_progress, furthestUnit: course.furthest_unit, quizPassed: (s) => course.quiz_status[String(s)] === true }
    : null;
  return minutesLeft(
    shape,
    learner,
    course.sections.map((s) => ({ minutes: s.ready ? s.subsections.map((sub) => sub.minutes) : s.subsections.map(() => null) })),
    QUIZ_MINUTES,
  );
}

/** The words a lesson is written to (the lesson prompt asks for 250 to 500): what a planned course's estimate assumes. */
export const PLANNED_LESSON_WORDS = 375;

/** A course not written yet, estimated from its shape: each lesson at PLANNED_LESSON_WORDS, one quiz attempt per section. */
export function plannedCourseMinutes(shape: { sections: number; lessons: number }): number {
  return shape.sections * (shape.lessons * Math.ceil(PLANNED_LESSON_WORDS / PROSE_WORDS_PER_MINUTE) + QUIZ_MINUTES);
}
