import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { reviewCards } from "../../db/schema";
import { AppError } from "../http/app-error";
import { roundMastery } from "../mastery/model";
import { loadQuestionFacts } from "../mastery/question-facts";
import { recordAnswers } from "../mastery/record-answers";
import { hitLimit, type Limit } from "../rate-limit";
import type { ReviewAnswer } from "../validation/responses/review";

/**
 * Review answers per learner: a long session stays well inside it, a script hammering answers
 * (to farm mastery) does not. The key itself is no secret here: a card exists only for a
 * question the learner answered, whose answer the quiz result already showed.
 */
export const REVIEW_ANSWER_LIMIT = { name: "review-answer:user", max: 120, windowSeconds: 10 * 60 } satisfies Limit;

export const CARD_NOT_FOUND = "Review card not found.";

/**
 * POST /review/answer: grades one answer to one of the learner's own cards (anyone else's is a
 * 404, as if it did not exist), moves the card on with FSRS and the concept's mastery, and
 * answers with the right option, its explanation and the lesson. Course progress never changes.
 */
export async function answerReviewCard(userId: number, cardId: number, answer: string, now: Date): Promise<ReviewAnswer> {
  await hitLimit(REVIEW_ANSWER_LIMIT, String(userId), "Too many review answers. Please wait a few minutes and try again.");
  return getDb().transaction(async (tx) => {
    const [card] = await tx
      .select({ questionId: reviewCards.questionId })
      .from(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
    if (!card) throw new AppError("not_found", CARD_NOT_FOUND);
    const facts = await loadQuestionFacts(tx, [card.questionId]);
    const fact = facts.get(card.questionId)!;
    if (!fact.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
    const correct = answer === fact.correctAnswer;
    const [recorded] = await recordAnswers(tx, userId, [{ questionId: card.questionId, correct }], facts, now, "review");
    return {
      correct,
      correct_answer: fact.correctAnswer,
      explanation: fact.explanation,
      lesson: fact.lesson,
      next_due_at: recorded!.nextDueAt.toISOString(),
      mastery: roundMastery(recorded!.mastery),
    };
  });
}
