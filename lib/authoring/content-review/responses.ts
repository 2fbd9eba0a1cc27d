import { regenerationStatus } from "@/db/schema";
import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of the admin review screen (docs/product-rules.md, "Review and editing"; see lib/platform/schemas/common-responses.ts). */

export const changedItem = z
  .object({
    kind: z.enum(["subsection", "question"]),
    id,
    version: z.number().int().min(0).meta({ description: "The item's version after the change: send it with the next change." }),
    resolved_reports: z.number().int().min(0).meta({ description: "Open learner reports the change resolved." }),
    replacement_id: id.nullable().meta({ description: "A retired item: the item its review cards moved to, if any." }),
  })
  .meta({ id: "ChangedItem" });

export type ChangedItem = z.output<typeof changedItem>;

const lessonText = z.object({ content: z.string() }).meta({ id: "LessonText", description: "A lesson's markdown." });

const questionFields = z
  .object({
    question: z.string(),
    options: z.array(z.string()),
    correct_answer: z.string(),
    hint: z.string().nullable(),
    explanation: z.string().nullable(),
    concept: z.string().nullable(),
  })
  .meta({ id: "QuestionFields", description: "A quiz item's fields, its key included (admins only)." });

const version = z.union([lessonText, questionFields]);

export const regeneration = z
  .object({
    id,
    kind: z.enum(["subsection", "question"]),
    item_id: id,
    status: z.enum(regenerationStatus.enumValues).meta({
      description:
        "`pending` while the worker writes it; `in_review` when it rewrote approved content under the review policy (learners keep the approved version until an admin accepts it); `done` when learners get it (written in place, or accepted); `discarded` when the admin kept the old one; `restored` when an in-place one was undone; `failed` with why.",
    }),
    instruction: z.string().nullable(),
    error: z.string().nullable(),
    replacement_id: id.nullable().meta({ description: "A regenerated question: the new item that replaced it." }),
    before: version.nullable().meta({ description: "The lesson or item as it was when the new version was written; null before." }),
    after: version.nullable().meta({ description: "The new version as written; null before." }),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    decided_at: timestamp.nullable().meta({ description: "When an admin chose between the old and the new version; null while nobody has." }),
  })
  .meta({ id: "Regeneration", description: "A regeneration asked for: pending while the worker writes it, then the old and the new version." });

export type Regeneration = z.output<typeof regeneration>;

export const regenerations = z.object({ regenerations: z.array(regeneration) }).meta({ id: "Regenerations" });
