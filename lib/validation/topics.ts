import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX } from "./topic-limits";
import { z } from "./zod";

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
});

export type TopicInput = z.infer<typeof topicSchema>;
