import { TUTOR_MESSAGE_MAX } from "./limits";
import { z } from "../platform/schemas/zod";

/* Requests of the lesson tutor (docs/tutor.md). */


const id = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`);

const index = (name: string) =>
  z.number({ error: `${name} is required and must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).max(9999, `${name} is too large`);

/** POST /tutor/turns: the learner's message about one lesson, in a conversation or a new one. */
export const tutorTurnSchema = z.object({
  course_id: id("course_id"),
  section_index: index("section_index"),
  subsection_index: index("subsection_index"),
  conversation_id: id("conversation_id").optional().meta({ description: "One of the caller's conversations on this lesson; left out: a new conversation." }),
  message: z
    .string({ error: "message is required" })
    .trim()
    .min(1, "Write a question for the tutor.")
    .max(TUTOR_MESSAGE_MAX, `Keep your question under ${TUTOR_MESSAGE_MAX} characters.`),
  question_id: id("question_id")
    .optional()
    .meta({ description: "Explain my answer: a missed item whose right answer the caller has been shown; the tutor explains why `answer` is wrong." }),
  answer: z.string().min(1).max(2000).optional().meta({ description: "With `question_id`: the option the caller picked." }),
});
