import { z } from "../../platform/schemas/zod";

/* Requests of the admin review screen (docs/product-rules.md, "Review and editing"). */

export const LESSON_MAX = 40_000;
export const FIELD_MAX = 2_000;
export const INSTRUCTION_MAX = 300;

const version = z
  .number({ error: "version must be a number" })
  .int("version must be a whole number")
  .min(0, "version must be 0 or more")
  .max(2_147_483_647, "version is too large")
  .meta({ description: "The item's version the change started from; a later one (someone else's change) refuses it with 409." });

const text = (name: string, max = FIELD_MAX) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} cannot be empty.`)
    .max(max, `Keep ${name} under ${max} characters.`);

/** PUT /subsections/:id: the lesson's new markdown. */
export const editLessonSchema = z.object({
  content: text("the lesson", LESSON_MAX).meta({ description: "Markdown, as the reader renders it (raw HTML is shown as text, never run)." }),
  version,
  resolve_reports: z.boolean({ error: "resolve_reports must be true or false" }).optional().meta({ description: "Mark its open reports and flags as `edited` (default true)." }),
});

/** PUT /quiz-questions/:id: every field of a quiz item; the key must be one of 4 distinct options. */
export const editQuestionSchema = z
  .object({
    question: text("the question"),
    options: z.array(text("an option", 500), { error: "options must be a list of 4 texts" }).length(4, "A question has exactly 4 options."),
    correct_answer: text("the answer key", 500),
    hint: text("the hint"),
    explanation: text("the explanation"),
    concept: text("the concept", 120),
    version,
    resolve_reports: z.boolean({ error: "resolve_reports must be true or false" }).optional(),
  })
  .superRefine((value, ctx) => {
    const norm = (o: string) => o.trim().replace(/\s+/g, " ").toLowerCase();
    if (new Set(value.options.map(norm)).size !== value.options.length) ctx.addIssue({ code: "custom", message: "The 4 options must all be different.", path: ["options"] });
    if (!value.options.includes(value.correct_answer)) ctx.addIssue({ code: "custom", message: "The answer key must be one of the options.", path: ["correct_answer"] });
  });

/** POST /quiz-questions/:id/retire. */
export const retireQuestionSchema = z.object({ version });

/** POST /subsections/:id/regenerate and /quiz-questions/:id/regenerate. */
export const regenerateSchema = z.object({
  version,
  instruction: z
    .string({ error: "instruction must be text" })
    .trim()
    .max(INSTRUCTION_MAX, `Keep the instruction under ${INSTRUCTION_MAX} characters.`)
    .optional()
    .meta({ description: 'What to change, in a few words ("simpler", "add an example").' }),
});

/** POST /regenerations/:id/decision: which version of a regenerated lesson or item stands. */
export const regenerationDecisionSchema = z.object({
  keep: z.enum(["new", "old"], { error: "keep must be new or old" }).meta({
    description: "`new`: accept a revision waiting for review, or keep one written in place. `old`: discard the revision, or restore the version an in-place one replaced.",
  }),
});

/** POST /quiz-questions/:id/decision: a fresh variant waiting for review, approved or rejected. */
export const variantDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject" }).meta({
    description: "`approve`: learners are drawn it from now on. `reject`: it is retired, never drawn.",
  }),
  version,
});

export type EditLessonInput = z.output<typeof editLessonSchema>;
export type EditQuestionInput = z.output<typeof editQuestionSchema>;
export type VariantDecisionInput = z.output<typeof variantDecisionSchema>;
