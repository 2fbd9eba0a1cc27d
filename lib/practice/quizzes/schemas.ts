import { jsonId, queryId } from "../../platform/schemas/ids";
import { z } from "../../platform/schemas/zod";

/** POST /courses/{courseId}/sections/{sectionIndex}/quiz-check: one chosen option, checked without recording. */
export const quizCheckSchema = z.object({
  question_id: z
    .number({ error: "question_id is required and must be a number" })
    .int("question_id must be a whole number")
    .positive("question_id must be positive")
    .max(2_147_483_647, "question_id is too large"),
  answer: z.string({ error: "answer is required: choose an option" }).min(1, "answer is required: choose an option").max(2000),
});

export const sectionQuizQuery = z.object({
  course_id: queryId("course_id"),
  section_index: z.coerce.number({ error: "section_index must be a number" }).int().min(0, "section_index must be 0 or more").max(10_000),
});

/**
 * POST .../quiz-complete: the first try at each item of the attempt under way that quiz-check has
 * not seen (an item left out is unanswered). No body, or no answers, grades only an attempt whose
 * every item was answered through quiz-check (docs/product-rules.md, "Practice").
 */
export const quizSubmissionSchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: jsonId("question_id"),
        answer: z.string().max(2000).nullable(),
      }),
      { error: "answers must be a list of {question_id, answer}" },
    )
    .max(100)
    .default([]),
});
