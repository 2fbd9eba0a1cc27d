import { QUEUE_RESOLUTIONS, REPORT_NOTE_MAX, REPORT_REASONS, RESOLUTION_NOTE_MAX } from "./reasons";
import { pageQuery } from "../../platform/schemas/pagination";
import { z } from "../../platform/schemas/zod";

/* Requests of learner reports (docs/product-rules.md, "Reports"). */

const id = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`);

const index = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).max(9999, `${name} is too large`);

const queryId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).positive(`${name} must be positive`).max(2_147_483_647, `${name} is too large`);
const queryIndex = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).max(9999, `${name} is too large`);

const TARGET = "Name either a lesson (course_id, section_index and subsection_index) or a quiz item (question_id), not both.";

type TargetFields = { question_id?: number; course_id?: number; section_index?: number; subsection_index?: number };

/** Exactly one target: a question, or a lesson's three coordinates. */
function oneTarget(value: TargetFields, ctx: z.RefinementCtx, required: boolean) {
  const lesson = [value.course_id, value.section_index, value.subsection_index].filter((v) => v !== undefined).length;
  const question = value.question_id !== undefined;
  if ((question && lesson > 0) || (lesson > 0 && lesson < 3) || (required && !question && lesson === 0)) ctx.addIssue({ code: "custom", message: TARGET, path: [] });
}

const targetFields = {
  question_id: id("question_id").optional().meta({ description: "A quiz or review item (of a section whose quiz the caller can open)." }),
  course_id: id("course_id").optional().meta({ description: "With section_index and subsection_index: a lesson the caller can read." }),
  section_index: index("section_index").optional(),
  subsection_index: index("subsection_index").optional(),
};

/** POST /reports: what is wrong, where, and (optionally) in the learner's words. */
export const reportSchema = z
  .object({
    ...targetFields,
    reason: z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(", ")}` }),
    note: z
      .string({ error: "note must be text" })
      .trim()
      .max(REPORT_NOTE_MAX, `Keep your note under ${REPORT_NOTE_MAX} characters.`)
      .optional()
      .meta({ description: "Plain text, never rendered as HTML." }),
  })
  .superRefine((value, ctx) => oneTarget(value, ctx, true));

/** GET /users/me/reports: the caller's reports, on one target when one is named. */
export const myReportsQuery = z
  .object({
    question_id: queryId("question_id").optional(),
    course_id: queryId("course_id").optional(),
    section_index: queryIndex("section_index").optional(),
    subsection_index: queryIndex("subsection_index").optional(),
  })
  .superRefine((value, ctx) => oneTarget(value, ctx, false));

/** GET /reports: one page of the queue. */
export const reportQueueQuery = z.object(pageQuery);

/** POST /reports/resolve: one target's group, how it was resolved, and a note for the admins. */
export const resolveReportsSchema = z
  .object({
    ...targetFields,
    resolution: z.enum(QUEUE_RESOLUTIONS, { error: `resolution must be one of: ${QUEUE_RESOLUTIONS.join(", ")}` }),
    note: z.string({ error: "note must be text" }).trim().max(RESOLUTION_NOTE_MAX, `Keep the note under ${RESOLUTION_NOTE_MAX} characters.`).optional(),
  })
  .superRefine((value, ctx) => oneTarget(value, ctx, true));

export type ReportInput = z.output<typeof reportSchema>;
export type ReportTarget = { questionId: number } | { courseId: number; sectionIndex: number; subsectionIndex: number };

/** The target a validated request names. */
export function targetOf(value: TargetFields): ReportTarget | null {
  if (value.question_id !== undefined) return { questionId: value.question_id };
  if (value.course_id === undefined) return null;
  return { courseId: value.course_id, sectionIndex: value.section_index!, subsectionIndex: value.subsection_index! };
}
