import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { quizQuestions } from "../../db/schema";
import { loadLearnerState } from "../courses/course-content";
import { AppError } from "../http/app-error";
import { NOT_ENROLLED } from "../learning/update-progress";
import { sectionId } from "./section-quiz";

export type AnswerCheck = { question_id: number; correct: boolean; hint: string | null };

/**
 * POST /courses/{courseId}/sections/{sectionIndex}/quiz-check: whether one chosen option is right,
 * for the quiz screen's Correct!/Incorrect! modal, with the hint only when it is wrong. It never
 * reveals the right option and records nothing: the attempt counts only when the whole set of
 * answers is submitted to quiz-complete, where it is graded again.
 */
export async function checkQuizAnswer(userId: number, courseId: number, sectionIndex: number, questionId: number, answer: string): Promise<AnswerCheck> {
  const [section, state] = await Promise.all([sectionId(courseId, sectionIndex), loadLearnerState(userId, courseId)]);
  if (!state.enrolled) throw new AppError("conflict", NOT_ENROLLED);
  const [question] = await getDb()
    .select({ options: quizQuestions.options, correctAnswer: quizQuestions.correctAnswer, hint: quizQuestions.hint })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.sectionId, section)));
  if (!question) throw new AppError("invalid", `Question ${questionId} is not part of this section's quiz.`);
  if (!question.options.includes(answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
  const correct = answer === question.correctAnswer;
  return { question_id: questionId, correct, hint: correct ? null : question.hint };
}
