import { z } from "../zod";
import { id, timestamp } from "./common";

/* Response shapes of the admin review screen (docs/product-rules.md, "Review and editing"; see common.ts). */

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

export const regeneration = z
  .object({
    id,
    kind: z.enum(["subsection", "question"]),
    item_id: id,
    status: z.enum(["pending", "done", "failed"]),
    instruction: z.string().nullable(),
    error: z.string().nullable(),
    replacement_id: id.nullable().meta({ description: "A regenerated question: the new item that replaced it." }),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
  })
  .meta({ id: "Regeneration", description: "A regeneration asked for: pending while the worker writes it." });

export type Regeneration = z.output<typeof regeneration>;

export const regenerations = z.object({ regenerations: z.array(regeneration) }).meta({ id: "Regenerations" });
