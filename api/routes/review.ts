import { getDb } from "@/db/client";
import { listMyMastery } from "@/lib/practice/mastery/list-mastery";
import { answerReviewCard } from "@/lib/practice/review/answer-card";
import { learnerNow } from "@/lib/practice/review/clock";
import { listDueCards } from "@/lib/practice/review/due-cards";
import { dueCards, masteryList, reviewAnswer } from "@/lib/practice/review/responses";
import { dueCardsQuery, reviewAnswerSchema } from "@/lib/practice/review/schemas";
import { endpoint } from "../endpoint";

/* Spaced review: the caller's concept mastery, their due review cards, and answering one. */

export const listMyMasteryEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/mastery",
    access: "signed-in",
    tag: "Learning",
    summary: "Your mastery per concept",
    description: "Every concept of the caller's enrolled courses with its mastery (Elo-style estimate, 0..1) and level, weakest first per course.",
    responses: { 200: { description: "The caller's concepts.", schema: masteryList } },
  },
  async (c) => c.json(await listMyMastery(getDb(), c.var.caller.id)),
);

export const listDueCardsEndpoint = endpoint(
  {
    method: "GET",
    path: "/review/due",
    access: "signed-in",
    tag: "Learning",
    summary: "Review cards due now",
    description:
      "A review session: up to `limit` (default 10) of the caller's spaced-review cards due now (FSRS), at most one per concept, alternating between courses, each showing an item of its concept the caller has already seen, options shuffled, without answer keys or concepts; how many are due, and when the next one is.",
    query: dueCardsQuery,
    responses: { 200: { description: "Due cards.", schema: dueCards } },
  },
  async (c) => {
    const { id } = c.var.caller;
    return c.json(await listDueCards(getDb(), id, learnerNow(id), c.req.valid("query").limit));
  },
);

export const answerReviewCardEndpoint = endpoint(
  {
    method: "POST",
    path: "/review/answer",
    access: "signed-in",
    tag: "Learning",
    summary: "Answer a review card",
    description:
      "Grades the answer against the item the card showed (`question_id`, the card's own question when left out), reschedules the card and updates the concept's mastery; answers with the concept and its level before and after. Course progress never changes.",
    body: { json: reviewAnswerSchema },
    responses: { 200: { description: "The graded answer with its explanation and lesson.", schema: reviewAnswer } },
    errors: {
      404: "No such card among the caller's.",
      422: "An answer that is not an option, or a `question_id` that is neither the card's question nor a seen question on its concept.",
      429: "Too many review answers; try again later.",
    },
  },
  async (c) => {
    const { id } = c.var.caller;
    const { card_id, answer, question_id } = c.req.valid("json");
    return c.json(await answerReviewCard(getDb(), id, card_id, answer, learnerNow(id), question_id));
  },
);
