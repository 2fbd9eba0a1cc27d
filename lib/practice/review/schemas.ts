import { z } from "../../platform/schemas/zod";

/** GET /review/due?limit=: how many due cards to send (1..100, default a session of 10). */
export const dueCardsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .optional(),
});

const jsonId = (name: string, required: boolean) =>
  z
    .number({ error: `${name} ${required ? "is required and " : ""}must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`);

/** POST /review/answer: one chosen option for one of the caller's cards, and the item it was shown as (the card's own question when left out). */
export const reviewAnswerSchema = z.object({
  card_id: jsonId("card_id", true),
  question_id: jsonId("question_id", false).optional(),
  answer: z.string({ error: "answer is required: choose an option" }).min(1, "answer is required: choose an option").max(2000),
});
