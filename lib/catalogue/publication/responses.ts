import { coursePublication } from "@/db/schema";
import { z } from "../../platform/schemas/zod";
import { id } from "../../platform/schemas/common-responses";

/* Response shape of the publication calls (docs/product-rules.md, "Review and publication"; see lib/platform/schemas/common-responses.ts). */

export const publicationState = z
  .object({
    course_id: id,
    state: z.enum(coursePublication.enumValues).meta({
      description: "`draft`: waiting for review, served to no learner; `published`: learners get its published sections; `paused`: unpublished by an admin, its learners keep their progress and get no content.",
    }),
    sections: z
      .array(z.object({ position: z.number().int().min(0), title: z.string(), published: z.boolean() }))
      .meta({ description: "The sections written so far, in order; learners read only published ones (and only while the course is published)." }),
  })
  .meta({ id: "PublicationState" });

export type PublicationState = z.output<typeof publicationState>;
