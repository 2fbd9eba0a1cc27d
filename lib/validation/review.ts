import { z } from "./zod";

/** GET /review/due?limit=: how many due cards to send (1..100, default 20). */
export const dueCardsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .optional(),
});

/** POST /review/answer: one chosen option for one of the caller's cards. */
export const reviewAnswerSchema = z.object({
  card_id: z
    .number({ error: "card_id is required and must be a number" })
    .int("card_id must be a whole number")
    .positive("card_id must be positive")
    .max(2_147_483_647, "card_id is too large"),
  answer: z.string({ error: "answer is required: choose an option" }).min(1, "answer is required: choose an option").max(2000),
});
