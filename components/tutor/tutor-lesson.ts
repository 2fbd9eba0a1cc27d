import type { Lesson } from "@/lib/practice/review/responses";

/*
 * The lesson a tutor is opened for, apart from the API calls (tutor-api.ts): the host and its
 * buttons are in the pages' first-load JavaScript, the calls only in the panel loaded on open.
 */

export type TutorLesson = Pick<Lesson, "course_id" | "section_index" | "subsection_index" | "title">;

export function lessonKey(lesson: TutorLesson): string {
  return `${lesson.course_id}-${lesson.section_index}-${lesson.subsection_index}`;
}

/** "Explain my answer": the missed item (its answer already shown) and the option the learner picked. */
export type ExplainRequest = { question_id: number; answer?: string };

/** What the page asked the tutor for: a lesson, maybe with an answer to explain (`seq` tells two asks apart). */
export type TutorRequest = { lesson: TutorLesson; explain: ExplainRequest | null; seq: number };
