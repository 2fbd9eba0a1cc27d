import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { quizQuestions } from "../../db/schema";
import { AppError } from "../http/app-error";
import { hitLimit, type Limit } from "../rate-limit";
import type { AnswerCheck } from "../validation/responses/learning";
import { openSectionQuiz } from "./quiz-access";

/**
 * Checks per learner: a whole attempt takes one per question, so this allows a dozen attempts in
 * ten minutes while a script probing every option of a question pool is slowed to a crawl.
 */
export const QUIZ_CHECK_LIMIT = { name: "quiz-check:user", max: 60, windowSeconds: 10 * 60 } satisfies Limit;

/**
 * POST /courses/{courseId}/sections/{sectionIndex}/quiz-check: whether one chosen option is right,
 * for the quiz screen's Correct!/Incorrect! modal, with the hint only when it is wrong. It never
 * reveals the right option and records nothing: the attempt counts only when the whole set of
 * answers is submitted to quiz-complete, where it is graded again. Counted per learner, and only
 * for a quiz the learner may take (see openSectionQuiz).
 */
export async function checkQuizAnswer(userId: number, courseId: number, sectionIndex: number, questionId: number, answer: string): Promise<AnswerCheck> {
  await hitLimit(QUIZ_CHECK_LIMIT, String(userId), "Too many answer checks. Please wait a few minutes and try again.");
  const { sectionId } = await openSectionQuiz(userId, courseId, sectionIndex);
  const [question] = await getDb()
    .select({ options: quizQuestions.options, correctAnswer: quizQuestions.correctAnswer, hint: quizQuestions.hint })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.sectionId, sectionId)));
  if (!question) throw new AppError("invalid", `Question ${questionId} is not part of this section's quiz.`);
  if (!question.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
  const correct = answer === question.correctAnswer;
  return { question_id: questionId, correct, hint: correct ? null : question.hint };
}
