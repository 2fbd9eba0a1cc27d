import { pageQuery } from "./pagination";
import { z } from "./zod";

/* Request schemas of the learning API (docs/api.md), shared by handlers and the reader. */

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

/** Query/body ids arrive as strings or numbers; the JSON body must use numbers. */
export const jsonId = (label: string) =>
  z
    .number({ error: `${label} is required and must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

export const userIdQuery = z.object({ user_id: id("user_id").optional() });

/** A learner's list (recommendations): ?user_id=&page=&limit=. */
export const userListQuery = userIdQuery.extend(pageQuery);

/** GET /users/{id}/completed-courses?page=&limit= (the learner is the path's id). */
export const completedCoursesQuery = z.object(pageQuery);

export const topicPreferenceSchema = z.object({
  topic_ids: z.array(jsonId("topic_ids item"), { error: "topic_ids must be a list of topic ids" }).min(1, "Select at least one topic.").max(200),
});

export const enrollSchema = z.object({ course_id: jsonId("course_id"), user_id: jsonId("user_id").optional() });

export const updateProgressSchema = z.object({
  course_id: jsonId("course_id"),
  user_id: jsonId("user_id").optional(),
  progress: z
    .number({ error: "progress is required and must be a number" })
    .int("progress must be a whole number")
    .min(0, "progress must be between 0 and 100")
    .max(100, "progress must be between 0 and 100"),
  section_index: z.number().int().min(0).max(10_000).optional(),
  subsection_index: z.number().int().min(0).max(10_000).optional(),
});

export const sectionQuizQuery = z.object({
  course_id: id("course_id"),
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
