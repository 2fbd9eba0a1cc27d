import { jsonId, queryId } from "../../platform/schemas/ids";
import { pageQuery } from "../../platform/schemas/pagination";
import { z } from "../../platform/schemas/zod";

/* Request schemas of the learning API (docs/api.md), shared by handlers and the reader. */

export const userIdQuery = z.object({ user_id: queryId("user_id").optional() });

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
