import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { preparedQuery, type Database } from "../../../db/client";
import { courseSections, courses, quizQuestions, reviewCards } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { conceptKey, roundMastery } from "../mastery/model";
import { loadQuestionFacts } from "../mastery/question-facts";
import { itemDifficulties, recordAnswers } from "../mastery/record-answers";
import { revealTimes } from "../quizzes/reveals";
import { sectionServed } from "../../catalogue";
import { hitLimit, type Limit } from "../../platform/rate-limit";
import type { ReviewAnswer } from "./responses";

/**
 * Review answers per learner: a long session stays well inside it, a script hammering answers
 * (to farm mastery) does not. The key itself is no secret here: a card only ever shows an item
 * whose key the learner has already been shown.
 */
export const REVIEW_ANSWER_LIMIT = { name: "review-answer:user", max: 120, windowSeconds: 10 * 60 } satisfies Limit;

export const CARD_NOT_FOUND = "Review card not found.";

/** The question of one of the caller's cards (none: someone else's, or no such card). */
const cardQuestion = preparedQuery((db) =>
  db
    .select({ questionId: reviewCards.questionId })
    .from(reviewCards)
    // A card of a course or section not served to learners is not found (docs/product-rules.md, "Review and publication").
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .innerJoin(courses, and(eq(courses.id, courseSections.courseId), sectionServed))
    .where(and(eq(reviewCards.id, sql.placeholder("cardId")), eq(reviewCards.userId, sql.placeholder("userId"))))
    .prepare("review_card_question"),
);

export const NOT_THIS_CARDS_ITEM = "That question is not one this card can show: it must be the card's question or another question on its concept that you have already seen. Reload the review.";

/**
 * POST /review/answer: grades one answer to one of the learner's own cards (anyone else's is a
 * 404, as if it did not exist) against the item the card showed: its own question, or another of
 * its concept (same section, same concept key) whose key the learner has seen
 * (docs/product-rules.md, "Mastery and spaced review"). The card moves on with FSRS, the
 * concept's mastery with the answer (rated against the item's difficulty), and the item's reveal
 * time moves on. Answers with the right option, its explanation, the lesson, and the concept's
 * level before and after. Course progress never changes.
 */
export async function answerReviewCard(db: Database, userId: number, cardId: number, answer: string, now: Date, shownId?: number): Promise<ReviewAnswer> {
  // Before the transaction, and in parallel with the limit's hit: the card's question (never
  // changes), then the facts of it and of the item shown (question content), whether the item's
  // key was shown (reveals only ever grow) and how hard the items are (every learner's first answers). None needs a lock, so the transaction holds only the
  // writes and their locks (docs/performance.md, "API"). Outcomes in order: over the limit is 429 first.
  const [limited, found] = await Promise.allSettled([
    hitLimit(db, REVIEW_ANSWER_LIMIT, String(userId), "Too many review answers. Please wait a few minutes and try again."),
    cardQuestion(db).execute({ cardId, userId }),
  ]);
  if (limited.status === "rejected") throw limited.reason;
  if (found.status === "rejected") throw found.reason;
  const card = found.value[0];
  if (!card) throw new AppError("not_found", CARD_NOT_FOUND);
  const itemId = shownId ?? card.questionId;
  const [facts, revealed, difficulty] = await Promise.all([
    loadQuestionFacts(db, [card.questionId, itemId]),
    itemId === card.questionId ? null : revealTimes(db, userId, [itemId]),
    itemDifficulties(db, [card.questionId, itemId]),
  ]);
  const own = facts.get(card.questionId)!;
  const item = facts.get(itemId);
  const sameConcept =
    item && item.courseId === own.courseId && item.lesson.section_index === own.lesson.section_index && conceptKey(item.concept) === conceptKey(own.concept);
  if (!item || !sameConcept || (revealed && !revealed.has(itemId))) throw new AppError("invalid", NOT_THIS_CARDS_ITEM);
  if (!item.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
  const correct = answer === item.correctAnswer;
  return db.transaction(async (tx) => {
    const [recorded] = await recordAnswers(tx, userId, [{ questionId: card.questionId, itemId, correct }], facts, difficulty, now, "review", {
      items: [itemId],
      right: correct ? [itemId] : [],
    });
    const r = recorded!;
    return {
      correct,
      correct_answer: item.correctAnswer,
      explanation: item.explanation,
      lesson: item.lesson,
      next_due_at: r.nextDueAt.toISOString(),
      concept: own.concept,
      mastery: roundMastery(r.mastery),
      level_before: r.levelBefore,
      level: r.level,
    };
  });
}
