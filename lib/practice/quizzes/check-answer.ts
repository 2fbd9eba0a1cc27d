import "server-only";
import { fixedStatement, runFixed, type Database } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import { loadQuestionFacts } from "../mastery/question-facts";
import { hitLimit, type Limit } from "../../platform/rate-limit";
import type { AnswerCheck } from "./responses";
import { feedbackOf, LOCK_DRAW, type DrawItem } from "./attempt";
import { openSectionQuiz } from "./quiz-access";
import { revealItems } from "./reveals";

/**
 * Checks per learner: an attempt takes at most two per item, so this allows a dozen attempts in
 * ten minutes; each check is bound to the attempt under way, which is what stops probing.
 */
export const QUIZ_CHECK_LIMIT = { name: "quiz-check:user", max: 120, windowSeconds: 10 * 60 } satisfies Limit;

/*
 * The item this try is about, with its question's key, read under the draw's lock in one
 * statement: the key decides whether the try is final. Items keep their options from the draw,
 * but an edit changes a question's key in place (docs/product-rules.md, "Review and editing"), so
 * a key read before the transaction could be one an editor replaced in between: the learner told
 * "wrong" (and given the hint) for the answer the corrected key accepts, and the try kept as a
 * miss that quiz-complete then grades by the new key as right.
 */
const ITEM_TO_CHECK = fixedStatement(
  "quiz_check_item",
  `SELECT d.id AS "drawId", i.position, i.options, i.first_choice AS "firstChoice", i.second_choice AS "secondChoice", i.final_at AS "finalAt",
          q.correct_answer AS "correctAnswer"
     FROM quiz_draws d JOIN quiz_draw_items i ON i.draw_id = d.id JOIN quiz_questions q ON q.id = i.question_id
    WHERE d.user_id = $1 AND d.course_id = $2 AND d.section_index = $3 AND i.question_id = $4`,
);
type ItemToCheck = Omit<DrawItem, "questionId" | "question"> & { drawId: number; correctAnswer: string };

const RECORD_TRY = fixedStatement("quiz_draw_item_try", "UPDATE quiz_draw_items SET first_choice = $3, second_choice = $4, final_at = $5 WHERE draw_id = $1 AND position = $2");

export const NOT_IN_ATTEMPT = "That question is not part of your attempt at this quiz: reload the quiz.";

/**
 * POST /courses/{courseId}/sections/{sectionIndex}/quiz-check: one try at one item of the attempt
 * under way (docs/product-rules.md, "Practice"). Right first time, the item is final; a first
 * miss gets the hint and one more try (a different option); the second try makes it final. A
 * final item's key, explanation and concept are in the answer and its reveal is recorded. Asking
 * about a final item again answers the same and changes nothing. What is scored is the first try,
 * recorded here and graded by quiz-complete.
 */
export async function checkQuizAnswer(db: Database, userId: number, courseId: number, sectionIndex: number, questionId: number, answer: string, now: Date): Promise<AnswerCheck> {
  // The limit's hit, the gate and the question's facts in parallel, then only the attempt's lock
  // and the item's read in the transaction: four statements with begin and commit on a repeated
  // answer (docs/performance.md, "API"). The outcomes are taken in that order, so a caller over
  // the limit is refused 429 first as before; the facts (question content, no learner state) need
  // no lock and leave the server only once the item is in the attempt and final. What decides the
  // try, the item and its key, is read in the transaction (ITEM_TO_CHECK).
  const outcomes = await Promise.allSettled([
    hitLimit(db, QUIZ_CHECK_LIMIT, String(userId), "Too many answer checks. Please wait a few minutes and try again."),
    openSectionQuiz(db, userId, courseId, sectionIndex),
    loadQuestionFacts(db, [questionId]),
  ]);
  for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
  const factsBefore = (outcomes[2] as PromiseFulfilledResult<Awaited<ReturnType<typeof loadQuestionFacts>>>).value.get(questionId);
  return db.transaction(async (tx) => {
    // Locked, so two tries sent at once are taken one after the other; the item is read after the
    // lock, in its own statement, so it includes a try committed while this one waited.
    const locked = (await runFixed(tx, LOCK_DRAW, [userId, courseId, sectionIndex])).length > 0;
    const [row] = locked ? await runFixed<ItemToCheck>(tx, ITEM_TO_CHECK, [userId, courseId, sectionIndex, questionId]) : [];
    // An item of the attempt has its question (items are deleted with it).
    if (!row) throw new AppError("invalid", NOT_IN_ATTEMPT);
    // The facts shown with the feedback go with the key that decided: read again here only when an edit changed it since.
    const fact = factsBefore?.correctAnswer === row.correctAnswer ? factsBefore : (await loadQuestionFacts(tx, [questionId])).get(questionId)!;
    const item = { ...row, questionId };
    if (!item.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
    if (item.finalAt) return feedbackOf(item, fact)!;

    const next = { ...item };
    if (item.firstChoice === null) {
      next.firstChoice = answer;
      if (answer === row.correctAnswer) next.finalAt = now;
    } else {
      if (answer === item.firstChoice) throw new AppError("invalid", "Choose a different option for your second try.");
      next.secondChoice = answer;
      next.finalAt = now;
    }
    await runFixed(tx, RECORD_TRY, [row.drawId, item.position, next.firstChoice, next.secondChoice, next.finalAt]);
    if (next.finalAt) await revealItems(tx, userId, [questionId], now, answer === row.correctAnswer ? [questionId] : []);
    return feedbackOf(next, fact)!;
  });
}
