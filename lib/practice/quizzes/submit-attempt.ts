import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { enrollments, quizAnswers, quizAttempts, quizDraws } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { NOT_ENROLLED } from "../learning/enrollment";
import { progressAfterQuizPass, type CourseShape } from "../../catalogue";
import { conceptLevels } from "../mastery/list-mastery";
import { conceptKey, type MasteryLevel } from "../mastery/model";
import { loadQuestionFacts, type QuestionFacts } from "../mastery/question-facts";
import { itemDifficulties, recordAnswers } from "../mastery/record-answers";
import { loadDraw } from "./attempt";
import { NOT_IN_ATTEMPT } from "./check-answer";
import { openSectionQuiz } from "./quiz-access";

/** One graded item: the learner's first try, whether it was right, its facts, and its concept's level after (and before) the attempt. */
export type GradedItem = { questionId: number; answer: string | null; correct: boolean; fact: QuestionFacts; level: MasteryLevel; levelBefore: MasteryLevel | null };

/** A graded attempt as the rules decided it; lib/practice/quizzes/serialize.ts gives it the API's shape. */
export type GradedAttempt = {
  passed: boolean;
  score: number;
  total: number;
  /** Whether the attempt could pass (its items were unseen when drawn); when not, when the next one that counts can start. */
  counted: boolean;
  nextCountingAt: Date | null;
  progress: number;
  shape: CourseShape;
  passedSections: ReadonlySet<number>;
  items: GradedItem[];
};

/**
 * POST /courses/{courseId}/sections/{sectionIndex}/quiz-complete: grades the attempt under way
 * (docs/product-rules.md, "Practice"). An item's score is its first try: the one quiz-check
 * recorded, else the answer sent here, else unanswered (missed). Every item becomes final and
 * revealed; the attempt is stored with one row per item, moves mastery and review, and is deleted
 * as an attempt under way. It passes when it counted (its items were unseen when drawn) and every
 * first try was right; the section's first pass raises progress (to exactly 100 on the last quiz).
 * Without answers and with items nobody tried, nothing is graded: the answer is the section's
 * passing attempt if the server holds one (a client that only reports completion), else 409.
 */
export async function submitQuizAttempt(
  db: Database,
  userId: number,
  courseId: number,
  sectionIndex: number,
  answers: { question_id: number; answer: string | null }[],
  now: Date,
): Promise<GradedAttempt> {
  const { shape, state } = await openSectionQuiz(db, userId, courseId, sectionIndex);
  const posted = new Map<number, string | null>();
  for (const a of answers) {
    if (posted.has(a.question_id)) throw new AppError("invalid", `Question ${a.question_id} is answered twice.`);
    posted.set(a.question_id, a.answer);
  }

  return db.transaction(async (tx) => {
    // Serialise attempts on this enrolment, so two passes at once cannot both raise progress.
    const [enrollment] = await tx
      .select({ progress: enrollments.progress })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
      .for("update");
    if (!enrollment) throw new AppError("conflict", NOT_ENROLLED);
    const draw = await loadDraw(tx, userId, courseId, sectionIndex, true);
    const untried = draw?.items.filter((i) => i.firstChoice === null) ?? [];
    if (!draw || !draw.items.length || (answers.length === 0 && untried.length > 0)) {
      if (answers.length) throw new AppError("invalid", NOT_IN_ATTEMPT);
      return passingResult(tx, userId, courseId, sectionIndex, shape, state.passedSections, enrollment.progress);
    }
    for (const id of posted.keys()) {
      if (!draw.items.some((i) => i.questionId === id)) throw new AppError("invalid", `Question ${id} is not part of your attempt at this quiz: reload the quiz.`);
    }
    for (const item of untried) {
      const answer = posted.get(item.questionId);
      if (answer != null && !item.options.includes(answer)) throw new AppError("invalid", `The answer to question ${item.questionId} is not one of its options.`);
    }

    const facts = await loadQuestionFacts(tx, draw.items.map((i) => i.questionId));
    const graded = draw.items.map((item) => {
      const fact = facts.get(item.questionId)!;
      const first = item.firstChoice ?? posted.get(item.questionId) ?? null;
      return { item, fact, first, correct: first !== null && first === fact.correctAnswer };
    });
    const score = graded.filter((g) => g.correct).length;
    const counted = draw.countsTowardPass;
    const passed = counted && score === graded.length;
    const [passedBefore] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(quizAttempts)
      .where(passedAttempts(userId, courseId, sectionIndex));

    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ userId, courseId, sectionIndex, score, total: graded.length, counted, passed })
      .returning({ id: quizAttempts.id });
    await tx.insert(quizAnswers).values(graded.map((g) => ({ attemptId: attempt!.id, questionId: g.item.questionId, chosenOption: g.first, isCorrect: g.correct })));
    // Every item becomes a review card and moves its concept's mastery; a miss is due for review at once.
    // Right now: the items answered here and not through quiz-check, which recorded its own tries.
    const rightHere = graded.filter((g) => g.correct && g.item.firstChoice === null).map((g) => g.item.questionId);
    const questionIds = graded.map((g) => g.item.questionId);
    const recorded = await recordAnswers(
      tx,
      userId,
      graded.map((g) => ({ questionId: g.item.questionId, correct: g.correct })),
      facts,
      await itemDifficulties(tx, questionIds),
      now,
      "quiz",
      { items: questionIds, right: rightHere },
    );
    // Each concept's level after the whole attempt (the last of its items, when it asked several).
    const levelAfter = new Map(recorded.map((r) => [conceptKey(facts.get(r.questionId)!.concept), r.level]));
    // And before it: the level the first of its items found.
    const levelBefore = new Map<string, MasteryLevel>();
    for (const r of recorded) {
      const key = conceptKey(facts.get(r.questionId)!.concept);
      if (!levelBefore.has(key)) levelBefore.set(key, r.levelBefore);
    }
    await tx.delete(quizDraws).where(eq(quizDraws.id, draw.id));

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
      total: graded.length,
      counted,
      nextCountingAt: counted ? null : (draw.nextCountingAt ?? null),
      progress,
      shape,
      passedSections,
      items: graded.map((g) => {
        const key = conceptKey(g.fact.concept);
        return { questionId: g.item.questionId, answer: g.first, correct: g.correct, fact: g.fact, level: levelAfter.get(key)!, levelBefore: levelBefore.get(key) ?? null };
      }),
    };
  });
}

/** The learner's passing attempts at one section's quiz. */
const passedAttempts = (userId: number, courseId: number, sectionIndex: number) =>
  and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.sectionIndex, sectionIndex), eq(quizAttempts.passed, true));

/** The section's latest passing attempt, graded as it was; 409 when it has none. */
async function passingResult(
  tx: Transaction,
  userId: number,
  courseId: number,
  sectionIndex: number,
  shape: CourseShape,
  passedSections: Set<number>,
  progress: number,
): Promise<GradedAttempt> {
  const [attempt] = await tx
    .select({ id: quizAttempts.id, score: quizAttempts.score, total: quizAttempts.total })
    .from(quizAttempts)
    .where(passedAttempts(userId, courseId, sectionIndex))
    .orderBy(desc(quizAttempts.createdAt))
    .limit(1);
  if (!attempt) throw new AppError("conflict", "No passing attempt at this quiz yet: answer its questions first.");
  const answers = await tx
    .select({ questionId: quizAnswers.questionId, chosen: quizAnswers.chosenOption, correct: quizAnswers.isCorrect })
    .from(quizAnswers)
    .where(eq(quizAnswers.attemptId, attempt.id));
  const facts = await loadQuestionFacts(tx, answers.map((a) => a.questionId));
  const levels = await conceptLevels(tx, userId, courseId, [...facts.values()].map((f) => conceptKey(f.concept)));
  return {
    passed: true,
    score: attempt.score,
    total: attempt.total,
    counted: true,
    nextCountingAt: null,
    progress,
    shape,
    passedSections,
    items: answers
      .filter((a) => facts.has(a.questionId))
      .map((a) => {
        const fact = facts.get(a.questionId)!;
        return { questionId: a.questionId, answer: a.chosen, correct: a.correct, fact, level: levels.get(conceptKey(fact.concept)) ?? "new", levelBefore: null };
      }),
  };
}
