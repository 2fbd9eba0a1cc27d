import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX } from "./limits";
import { z } from "../../platform/schemas/zod";

/* Topic schemas shared by the admin's add/edit dialogs and POST /topics, PUT /topics/{id}. */

export const topicSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(TOPIC_TITLE_MAX, `Title must be at most ${TOPIC_TITLE_MAX} characters`),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(TOPIC_DESCRIPTION_MAX, `Description must be at most ${TOPIC_DESCRIPTION_MAX} characters`),
  // docs/product-rules.md, "Review and publication": null follows GENERATION_REVIEW; absent on an edit keeps it.
  generation_review: z
    .enum(["off", "required"], { error: "Review must be off or required" })
    .nullable()
    .optional()
    .meta({ description: "Whether this topic's generated courses wait for an admin's review: `off`, `required`, or null for the server's GENERATION_REVIEW." }),
});

export type TopicInput = z.infer<typeof topicSchema>;

/** POST /topics: a topic's fields, and whether its courses wait for its sources. */
export const newTopicSchema = topicSchema.extend({
  sources_first: z
    .boolean({ error: "Sources first must be true or false" })
    .optional()
    .meta({ description: "true: no course is proposed now; the topic's courses are written once the source files an admin adds are read (docs/sources.md, \"What admins see\"). Default false." }),
});

export type NewTopicInput = z.infer<typeof newTopicSchema>;
