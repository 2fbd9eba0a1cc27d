import { normaliseSubject, subjectProblem } from "./subject";
import { jsonId } from "../../platform/schemas/ids";
import { REQUEST_LENGTHS, REQUEST_LEVELS } from "./request-values";
import { z } from "../../platform/schemas/zod";

/* Request schemas of a learner's course requests (docs/api.md, docs/product-rules.md "Course requests"). */

/** The learner's own words for a subject: checked (lib/authoring/course-requests/subject.ts), then normalised. */
const subject = z
  .string({ error: "subject must be text" })
  .max(400, "Keep the subject under 80 characters.")
  .superRefine((value, ctx) => {
    const problem = subjectProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(normaliseSubject);

/**
 * POST /courses/generate: a course on one of the caller's topics (`topic_id`) or on a subject they
 * type (`subject`), one of the two; at a level (default: the one their record in that subject
 * suggests) and a length (default standard); optionally written from a ready source of their own.
 */
export const generateCourseSchema = z
  .object({
    topic_id: jsonId("topic_id").optional(),
    subject: subject.optional(),
    level: z.enum(REQUEST_LEVELS, { error: "level must be Beginner, Intermediate or Advanced" }).optional(),
    length: z.enum(REQUEST_LENGTHS, { error: "length must be short, standard or long" }).optional(),
    // One source of the caller's own, ready, for the course to be written from (docs/sources.md, "What learners see").
    source_id: jsonId("source_id").optional(),
  })
  .refine((v) => (v.topic_id === undefined) !== (v.subject === undefined), { path: ["subject"], message: "Choose a topic or type a subject (one of the two)." });

export type GenerateCourseInput = z.output<typeof generateCourseSchema>;

/** GET /users/me/course-requests?limit=: the newest requests. */
export const courseRequestListQuery = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be 1 to 50").max(50, "limit must be 1 to 50").default(20),
});

/** PUT /courses/{id}/certificates/visibility: hide a course's certificates from their public pages, or show them again. */
export const certificateVisibilitySchema = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) });
