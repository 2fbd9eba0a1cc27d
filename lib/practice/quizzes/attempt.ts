import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { QUESTIONS_PER_ATTEMPT } from "../../../db/quiz-pool";
import { fixedStatement, runFixed, type Database, type DatabaseOrTransaction } from "../../../db/client";
import { quizAnswers, quizAttempts, quizDrawItems, quizDraws, quizQuestions } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { requestQuestionVariants } from "./variants-request";
import { AppError } from "../../platform/http/app-error";
import { conceptKey } from "../mastery/model";
import { loadQuestionFacts, type QuestionFacts } from "../mastery/question-facts";
import { itemServed } from "../../catalogue";
import type { AnswerCheck, QuizAttempt, QuizQuestion } from "./responses";
import { drawAttempt, shuffle } from "./draw";
import { openSectionQuiz } from "./quiz-access";
import { revealTimes } from "./reveals";

/*
 * The attempt under way at a section quiz (docs/product-rules.md, "Practice"): drawn when the
 * learner opens the quiz, kept until it is submitted, so a reload resumes it with the same items
 * in the same order. Its items' keys stay on the server until each is final.
 */

export type DrawItem = {
  position: number;
  questionId: number;
  question: string;
  options: string[];
  firstChoice: string | null;
  secondChoice: string | null;
  finalAt: Date | null;
};

export type OpenDraw = { id: number; countsTowardPass: boolean; nextCountingAt: Date | null; items: DrawItem[] };

const cooldownMs = () => getEnv().REVEAL_COOLDOWN_HOURS * 3_600_000;

type DrawRow = Omit<OpenDraw, "items"> & { [K in keyof DrawItem]: DrawItem[K] | null };

// Fixed and named (docs/performance.md, "API"): every quiz read and try runs them, on the pool or
// in the caller's transaction alike.
export const LOCK_DRAW = fixedStatement("quiz_draw_lock", "SELECT 1 FROM quiz_draws WHERE user_id = $1 AND course_id = $2 AND section_index = $3 FOR UPDATE");
// The draw row with its items and their questions, in one statement.
const READ_DRAW = fixedStatement(
  "quiz_draw_read",
  `SELECT d.id, d.counts_toward_pass AS "countsTowardPass", d.next_counting_at AS "nextCountingAt", i.position, i.question_id AS "questionId",
          q.question, i.options, i.first_choice AS "firstChoice", i.second_choice AS "secondChoice", i.final_at AS "finalAt"
     FROM quiz_draws d LEFT JOIN quiz_draw_items i ON i.draw_id = d.id LEFT JOIN quiz_questions q ON q.id = i.question_id
    WHERE d.user_id = $1 AND d.course_id = $2 AND d.section_index = $3
    ORDER BY i.position`,
);

/**
 * The learner's attempt under way at this section, its items in order; null without one. One
 * statement: the draw row with its items and their questions; `lock` (in the caller's
 * transaction) takes the draw row FOR UPDATE first.
 */
export async function loadDraw(db: DatabaseOrTransaction, userId: number, courseId: number, sectionIndex: number, lock = false): Promise<OpenDraw | null> {
  // The lock is its own statement, before the read: a statement that waits for a lock still reads
  // the other tables as they were when it began, so a joined read would miss the items a try
  // committed while this one waited (the PostgreSQL manual, "Read Committed Isolation Level").
  if (lock && !(await runFixed(db, LOCK_DRAW, [userId, courseId, sectionIndex])).length) return null;
  const rows = await runFixed<DrawRow>(db, READ_DRAW, [userId, courseId, sectionIndex]);
  const [draw] = rows;
  if (!draw) return null;
  const items: DrawItem[] = [];
  for (const r of rows) {
    // A draw whose items were all deleted with their questions has one row, without an item.
    if (r.position === null || r.questionId === null || r.question === null || r.options === null) continue;
    items.push({ position: r.position, questionId: r.questionId, question: r.question, options: r.options, firstChoice: r.firstChoice, secondChoice: r.secondChoice, finalAt: r.finalAt });
  }
  return { id: draw.id, countsTowardPass: draw.countsTowardPass, nextCountingAt: draw.nextCountingAt, items };
}

/**
 * The attempt under way, or a new one drawn from the section's pool: per concept an item whose
 * key the learner has not seen (lib/practice/quizzes/draw.ts), options shuffled for this attempt. Behind
 * openSectionQuiz's gate.
 */
export async function openQuizAttempt(db: Database, userId: number, courseId: number, sectionIndex: number, now: Date): Promise<{ questions: QuizQuestion[]; attempt: QuizAttempt }> {
  // The attempt is read beside the gate (a read, only used once the gate lets the caller in): one
  // round trip less on every reload (docs/performance.md, "API").
  const [{ sectionId }, existing] = await Promise.all([openSectionQuiz(db, userId, courseId, sectionIndex), loadDraw(db, userId, courseId, sectionIndex)]);
  if (existing?.items.length) return present(db, existing);
  if (existing) await db.delete(quizDraws).where(eq(quizDraws.id, existing.id)); // every item was deleted with its question

  const pool = await db
    .select({ id: quizQuestions.id, concept: quizQuestions.concept, position: quizQuestions.position, options: quizQuestions.options })
    .from(quizQuestions)
    // Neither a retired item nor a fresh variant waiting for review is drawn (lib/catalogue/publication/served.ts).
    .where(and(eq(quizQuestions.sectionId, sectionId), itemServed));
  if (!pool.length) throw new AppError("not_found", "This section has no quiz yet.");
  const ids = pool.map((q) => q.id);
  const [revealedAt, missedConcepts] = await Promise.all([revealTimes(db, userId, ids), lastMissedConcepts(db, userId, pool)]);
  const draw = drawAttempt({ pool, revealedAt, missedConcepts, perAttempt: QUESTIONS_PER_ATTEMPT, cooldownMs: cooldownMs(), now });
  const optionsOf = new Map(pool.map((q) => [q.id, q.options]));

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizDraws)
      .values({ userId, courseId, sectionIndex, countsTowardPass: draw.countsTowardPass, nextCountingAt: draw.nextCountingAt })
      .onConflictDoNothing()
      .returning({ id: quizDraws.id });
    if (!row) return false; // another request of this learner drew first: theirs is the attempt
    await tx.insert(quizDrawItems).values(draw.questionIds.map((questionId, position) => ({ drawId: row.id, position, questionId, options: shuffle(optionsOf.get(questionId)!) })));
    return true;
  });
  // This draw used up these concepts' items: the worker writes fresh ones (docs/product-rules.md, "Fresh variants"). Only a job is sent: the model never delays the draw.
  if (created && draw.exhaustedConcepts.length) await requestQuestionVariants(sectionId, draw.exhaustedConcepts);
  return present(db, (await loadDraw(db, userId, courseId, sectionIndex))!);
}

/** Concept keys whose item the learner last answered in this section got wrong. */
async function lastMissedConcepts(db: DatabaseOrTransaction, userId: number, pool: { id: number; concept: string | null }[]): Promise<Set<string>> {
  const history = await db
    .selectDistinctOn([quizAnswers.questionId], { questionId: quizAnswers.questionId, isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAnswers.questionId, pool.map((q) => q.id))))
    .orderBy(quizAnswers.questionId, desc(quizAttempts.createdAt));
  const missed = new Set(history.filter((h) => !h.isCorrect).map((h) => h.questionId));
  return new Set(pool.filter((q) => missed.has(q.id) && q.concept?.trim()).map((q) => conceptKey(q.concept!)));
}

async function present(db: DatabaseOrTransaction, draw: OpenDraw): Promise<{ questions: QuizQuestion[]; attempt: QuizAttempt }> {
  const facts = await loadQuestionFacts(db, draw.items.map((i) => i.questionId));
  return {
    questions: draw.items.map((i) => ({ id: i.questionId, question: i.question, options: i.options })),
    attempt: {
      counts_toward_pass: draw.countsTowardPass,
      next_counting_at: draw.nextCountingAt?.toISOString() ?? null,
      items: draw.items.map((i) => ({ question_id: i.questionId, tries: triesOf(i), feedback: feedbackOf(i, facts.get(i.questionId)!) })),
    },
  };
}

const triesOf = (item: Pick<DrawItem, "firstChoice" | "secondChoice">) => [item.firstChoice, item.secondChoice].filter((t): t is string => t !== null);

/**
 * The feedback on an item's latest try: right or not, and on a first miss the hint and one more
 * try; the key, why it is right and the concept only once the item is final. Null before a try.
 */
export function feedbackOf(item: Pick<DrawItem, "questionId" | "firstChoice" | "secondChoice" | "finalAt">, fact: QuestionFacts): AnswerCheck | null {
  const tries = triesOf(item);
  if (!tries.length) return null;
  const final = item.finalAt !== null;
  const firstTryCorrect = item.firstChoice === fact.correctAnswer;
  return {
    question_id: item.questionId,
    correct: tries.at(-1) === fact.correctAnswer,
    first_try_correct: firstTryCorrect,
    final,
    tries_left: final ? 0 : 1,
    hint: !final && !firstTryCorrect ? fact.hint : null,
    correct_answer: final ? fact.correctAnswer : null,
    explanation: final ? fact.explanation : null,
    lesson: fact.lesson,
    concept: final ? fact.concept : null,
    // The passage supports the key: it would give the answer away before the item is final.
    source: final ? fact.passage : null,
  };
}
