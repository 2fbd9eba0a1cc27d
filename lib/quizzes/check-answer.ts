import "server-only";
import { fixedStatement, getDb, runFixed } from "../../db/client";
import { AppError } from "../http/app-error";
import { loadQuestionFacts } from "../mastery/question-facts";
import { hitLimit, type Limit } from "../rate-limit";
import type { AnswerCheck } from "../validation/responses/learning";
import { feedbackOf, loadDraw } from "./attempt";
import { openSectionQuiz } from "./quiz-access";
import { revealItems } from "./reveals";

/**
 * Checks per learner: an attempt takes at most two per item, so this allows a dozen attempts in
 * ten minutes; each check is bound to the attempt under way, which is what stops probing.
 */
export const QUIZ_CHECK_LIMIT = { name: "quiz-check:user", max: 120, windowSeconds: 10 * 60 } satisfies Limit;

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
export async function checkQuizAnswer(userId: number, courseId: number, sectionIndex: number, questionId: number, answer: string, now: Date): Promise<AnswerCheck> {
  // The limit's hit, the gate and the question's facts in parallel, then only the attempt's lock
  // and read in the transaction: four statements with begin and commit on a repeated answer
  // (docs/performance.md, "API"). The outcomes are taken in that order, so a caller over the limit
  // is refused 429 first as before; the facts (question content, no learner state) need no lock
  // and leave the server only once the item is in the attempt and final.
  const outcomes = await Promise.allSettled([
    hitLimit(QUIZ_CHECK_LIMIT, String(userId), "Too many answer checks. Please wait a few minutes and try again."),
    openSectionQuiz(userId, courseId, sectionIndex),
    loadQuestionFacts(getDb(), [questionId]),
  ]);
  for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
  const facts = (outcomes[2] as PromiseFulfilledResult<Awaited<ReturnType<typeof loadQuestionFacts>>>).value;
  return getDb().transaction(async (tx) => {
    // Locked, so two tries sent at once are taken one after the other.
    const draw = await loadDraw(tx, userId, courseId, sectionIndex, true);
    const item = draw?.items.find((i) => i.questionId === questionId);
    const fact = facts.get(questionId);
    // An item of the attempt has its question (items are deleted with it), so its facts are here.
    if (!draw || !item || !fact) throw new AppError("invalid", NOT_IN_ATTEMPT);
    if (!item.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
    if (item.finalAt) return feedbackOf(item, fact)!;

    const next = { ...item };
    if (item.firstChoice === null) {
      next.firstChoice = answer;
      if (answer === fact.correctAnswer) next.finalAt = now;
    } else {
      if (answer === item.firstChoice) throw new AppError("invalid", "Choose a different option for your second try.");
      next.secondChoice = answer;
      next.finalAt = now;
    }
    await runFixed(tx, RECORD_TRY, [draw.id, item.position, next.firstChoice, next.secondChoice, next.finalAt]);
    if (next.finalAt) await revealItems(tx, userId, [questionId], now, answer === fact.correctAnswer ? [questionId] : []);
    return feedbackOf(next, fact)!;
  });
}
