import { z } from "../platform/schemas/zod";
import { id, timestamp } from "../platform/schemas/common-responses";

/* Response shapes of the lesson tutor (docs/tutor.md; see lib/platform/schemas/common-responses.ts). */

export const TUTOR_MESSAGE_STATUSES = ["complete", "stopped", "guarded", "failed"] as const;
export type TutorMessageStatus = (typeof TUTOR_MESSAGE_STATUSES)[number];

export const tutorMessage = z
  .object({
    id,
    role: z.enum(["learner", "tutor"]),
    content: z.string().meta({ description: "Markdown; a tutor reply exactly as the learner saw it." }),
    status: z.enum(TUTOR_MESSAGE_STATUSES).meta({ description: "complete; stopped by the learner; guarded (cut before it stated a quiz answer, a hint added); failed (the model stopped answering)." }),
    created_at: timestamp,
  })
  .meta({ id: "TutorMessage" });

export const tutorConversation = z
  .object({ id, title: z.string(), updated_at: timestamp, messages: z.array(tutorMessage) })
  .meta({ id: "TutorConversation" });

export type TutorConversation = z.output<typeof tutorConversation>;

export const tutorBudget = z
  .object({
    tokens_left: z.number().int().min(0),
    daily_tokens: z.number().int().min(0),
    resets_at: timestamp.meta({ description: "When today's budget comes back (midnight UTC)." }),
  })
  .meta({ id: "TutorBudget" });

export const lessonTutor = z
  .object({
    enabled: z.boolean(),
    off_reason: z.string().nullable().meta({ description: "Why the tutor is off (no model configured), else null." }),
    budget: tutorBudget,
    suggestions: z.array(z.string()),
    conversations: z.array(tutorConversation).meta({ description: "This lesson's conversations, newest first (at most 20)." }),
  })
  .meta({ id: "LessonTutor" });

export type LessonTutor = z.output<typeof lessonTutor>;

export const tutorEvent = z
  .discriminatedUnion("event", [
    z.object({ event: z.literal("start"), data: z.object({ conversation_id: id, message_id: id }) }),
    z.object({ event: z.literal("token"), data: z.object({ text: z.string() }) }),
    z.object({ event: z.literal("hint"), data: z.object({ text: z.string() }) }),
    z.object({ event: z.literal("error"), data: z.object({ detail: z.string() }) }),
    z.object({ event: z.literal("done"), data: z.object({ status: z.enum(TUTOR_MESSAGE_STATUSES), message_id: id, tokens_left: z.number().int().min(0) }) }),
  ])
  .meta({ id: "TutorEvent", description: "One server-sent event of a tutor reply: `event:` is the name, `data:` the JSON object." });

export const tutorUsageDay = z
  .object({
    day: z.iso.date().meta({ description: "A UTC day." }),
    turns: z.number().int().min(0),
    learners: z.number().int().min(0),
    prompt_tokens: z.number().int().min(0),
    completion_tokens: z.number().int().min(0),
    cost_usd: z.number().min(0).meta({ description: "Estimated from OPENAI_PRICE_INPUT_PER_MTOK and OPENAI_PRICE_OUTPUT_PER_MTOK." }),
  })
  .meta({ id: "TutorUsageDay" });

export type TutorUsageDay = z.output<typeof tutorUsageDay>;
