import { z } from "../../platform/schemas/zod";
import { id } from "../../platform/schemas/common-responses";
import { percent } from "../../catalogue";

/* Response shapes of the learning calls: interests, enrolment, progress (see lib/platform/schemas/common-responses.ts). */

export const interests = z.object({ hasInterests: z.boolean() }).meta({ id: "Interests" });

export type Interests = z.output<typeof interests>;

export const topicPreferenceResponse = z.object({ message: z.string(), topic_ids: z.array(id) }).meta({ id: "TopicPreferenceResponse" });

export type TopicPreferenceResponse = z.output<typeof topicPreferenceResponse>;

export const enrollResponse = z
  .object({ message: z.string(), enrolled: z.boolean().meta({ description: "True when this call enrolled (201), false when already enrolled (200)." }), course_progress: percent })
  .meta({ id: "EnrollResponse" });

export type EnrollResponse = z.output<typeof enrollResponse>;

export const progressResponse = z
  .object({ course_id: id, course_progress: percent, furthest_unit: z.number().int() })
  .meta({ id: "ProgressResponse" });

export type ProgressResponse = z.output<typeof progressResponse>;
