import { z } from "./zod";

/** POST /courses/{courseId}/sections/{sectionIndex}/quiz-check: one chosen option, checked without recording. */
export const quizCheckSchema = z.object({
  question_id: z
    .number({ error: "question_id is required and must be a number" })
    .int("question_id must be a whole number")
    .positive("question_id must be positive")
    .max(2_147_483_647, "question_id is too large"),
  answer: z.string({ error: "answer is required: choose an option" }).min(1, "answer is required: choose an option").max(2000),
});
