import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { enrollments, quizAnswers, quizAttempts, quizQuestions } from "../../db/schema";
import { AppError } from "../http/app-error";
import { NOT_ENROLLED } from "../learning/update-progress";
import { progressAfterQuizPass } from "../learning/progress";
import { loadQuestionFacts } from "../mastery/question-facts";
import { recordAnswers } from "../mastery/record-answers";
import type { QuizQuestion, QuizResult } from "../validation/responses/learning";
import { openSectionQuiz } from "./quiz-access";

export { QUESTIONS_PER_ATTEMPT } from "../../db/quiz-pool";

/**
 * GET /section-quizzes: one attempt's questions for a section the learner has opened (enrolled,
 * every earlier quiz passed: see openSectionQuiz). The questions the learner
 * missed last time come first, then unasked questions on a concept they missed (generated
 * pools tag each question's concept), then the others never asked, then the rest, so a retry
 * revisits what was missed, from a fresh angle too, and with a pool larger than one attempt
 * is not the same quiz.
 */
export async function getSectionQuiz(userId: number, courseId: number, sectionIndex: number): Promise<QuizQuestion[]> {
  const { sectionId: id } = await openSectionQuiz(userId, courseId, sectionIndex);
  const db = getDb();
  const questions = await db
    .select({ id: quizQuestions.id, question: quizQuestions.question, options: quizQuestions.options, concept: quizQuestions.concept, position: quizQuestions.position })
    .from(quizQuestions)
    .where(eq(quizQuestions.sectionId, id))
    .orderBy(asc(quizQuestions.position));
  if (!questions.length) throw new AppError("not_found", "This section has no quiz yet.");

  // The learner's last answer to each of these questions: missed (false), right (true) or never asked.
  const history = await db
    .selectDistinctOn([quizAnswers.questionId], { questionId: quizAnswers.questionId, isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAnswers.questionId, questions.map((q) => q.id))))
    .orderBy(quizAnswers.questionId, desc(quizAttempts.createdAt));
  const last = new Map(history.map((h) => [h.questionId, h.isCorrect]));
  const missedConcepts = new Set(questions.filter((q) => q.concept && last.get(q.id) === false).map((q) => q.concept!.toLowerCase()));
  const rank = (q: (typeof questions)[number]) => {
    if (last.get(q.id) === false) return 0;
    if (last.has(q.id)) return 3;
    return q.concept && missedConcepts.has(q.concept.toLowerCase()) ? 1 : 2;
  };

  return questions
    .map((q, order) => ({ q, order }))
    .sort((a, b) => rank(a.q) - rank(b.q) || a.order - b.order)
    .slice(0, QUESTIONS_PER_ATTEMPT)
    .map(({ q }) => ({ id: q.id, question: q.question, options: q.options }));
}

/**
 * POST /courses/{courseId}/sections/{sectionIndex}/quiz-complete: grades the learner's answers on
 * the server, stores the attempt with one row per question, and on the section's first pass
 * raises progress (to exactly 100 when it was the last quiz). A bare claim without answers,
 * answers to questions of another section, or a section whose earlier quizzes are not all
 * passed, records nothing.
 */
export async function submitQuizAttempt(
  userId: number,
  courseId: number,
  sectionIndex: number,
  answers: { question_id: number; answer: string | null }[],
  now: Date = new Date(),
): Promise<QuizResult> {
  const { sectionId: id, shape, state } = await openSectionQuiz(userId, courseId, sectionIndex);

  const db = getDb();
  const pool = await db
    .select({ id: quizQuestions.id, correctAnswer: quizQuestions.correctAnswer, hint: quizQuestions.hint })
    .from(quizQuestions)
    .where(eq(quizQuestions.sectionId, id));
  const byId = new Map(pool.map((q) => [q.id, q]));
  const seen = new Set<number>();
  for (const a of answers) {
    if (!byId.has(a.question_id)) throw new AppError("invalid", `Question ${a.question_id} is not part of this section's quiz.`);
    if (seen.has(a.question_id)) throw new AppError("invalid", `Question ${a.question_id} is answered twice.`);
    seen.add(a.question_id);
  }
  // A section published before its quiz (generation writes it later) cannot be passed by answering nothing.
  if (!pool.length) throw new AppError("conflict", "This section's quiz is still being written.");
  const required = Math.min(pool.length, QUESTIONS_PER_ATTEMPT);
  if (answers.length < required) throw new AppError("invalid", `Answer all ${required} questions of this quiz.`);

  const results = answers.map((a) => {
    const q = byId.get(a.question_id)!;
    const correct = a.answer !== null && a.answer === q.correctAnswer;
    return { question_id: q.id, correct, hint: correct ? null : q.hint, chosen: a.answer };
  });
  const score = results.filter((r) => r.correct).length;
  const passed = score === results.length;

  return db.transaction(async (tx) => {
    // Serialise attempts on this enrolment, so two passes at once cannot both raise progress.
    const [enrollment] = await tx
      .select({ progress: enrollments.progress })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
      .for("update");
    if (!enrollment) throw new AppError("conflict", NOT_ENROLLED);
    const [passedBefore] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.sectionIndex, sectionIndex), eq(quizAttempts.passed, true)));

    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ userId, courseId, sectionIndex, score, total: results.length, passed })
      .returning({ id: quizAttempts.id });
    await tx.insert(quizAnswers).values(results.map((r) => ({ attemptId: attempt!.id, questionId: r.question_id, chosenOption: r.chosen, isCorrect: r.correct })));
    // Every answer becomes a review card and moves the concept's mastery; a miss is due for review at once.
    const facts = await loadQuestionFacts(tx, results.map((r) => r.question_id));
    await recordAnswers(tx, userId, results.map((r) => ({ questionId: r.question_id, correct: r.correct })), facts, now, "quiz");

    const passedSections = new Set(state.passedSections);
    if (passed) passedSections.add(sectionIndex);
    let progress = enrollment.progress;
    if (passed && !passedBefore?.n) {
      const allPassed = passedSections.size >= shape.length;
      progress = Math.max(progress, progressAfterQuizPass(shape, progress, allPassed));
      await tx
        .update(enrollments)
        .set({ progress, updatedAt: sql`now()`, ...(allPassed ? { completedAt: sql`now()` } : {}) })
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
    }
    return {
      passed,
      score,
      total: results.length,
      course_progress: progress,
      quiz_status: Object.fromEntries(shape.map((_, i) => [String(i), passedSections.has(i)])),
      results: results.map(({ chosen: _chosen, ...r }) => {
        const fact = facts.get(r.question_id)!;
        return { ...r, correct_answer: fact.correctAnswer, explanation: fact.explanation, lesson: fact.lesson };
      }),
    };
  });
}
