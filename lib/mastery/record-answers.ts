import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { conceptMastery, reviewCards } from "../../db/schema";
import { scheduleAnswer, type CardState } from "../review/scheduler";
import { conceptKey, levelOf, masteryOf, nextRating, questionDifficulty, type MasteryLevel } from "./model";
import type { QuestionFacts } from "./question-facts";

export type GradedAnswer = {
  /** The question whose card the answer moves. */
  questionId: number;
  correct: boolean;
  /** The item actually answered when review showed another of the card's concept: its difficulty rates the answer. */
  itemId?: number;
};

/** One answer's outcome: the card's next date, and the concept's mastery and level before and after it. */
export type RecordedAnswer = { questionId: number; cardId: number; nextDueAt: Date; mastery: number; level: MasteryLevel; levelBefore: MasteryLevel };

/**
 * Every answer (section quiz or review) lands here, in the caller's transaction: the question's
 * FSRS card is created or moved on (lib/review/scheduler.ts), and the learner's mastery of its
 * concept is updated (lib/mastery/model.ts) against the difficulty of the item answered (in review
 * possibly another item of the card's concept: `itemId`), estimated from every learner's first
 * answer before this one. Course progress is not touched. Rows are locked
 * cards first, then mastery rows, each in key order, so concurrent answers cannot deadlock.
 */
export async function recordAnswers(
  tx: Transaction,
  userId: number,
  answers: GradedAnswer[],
  facts: Map<number, QuestionFacts>,
  now: Date,
  source: "quiz" | "review",
): Promise<RecordedAnswer[]> {
  if (!answers.length) return [];
  const questionIds = [...new Set(answers.map((a) => a.questionId))].sort((a, b) => a - b);

  const existing = await tx
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), inArray(reviewCards.questionId, questionIds)))
    .orderBy(reviewCards.id)
    .for("update");
  const cards = new Map<number, CardState & { id?: number; firstCorrect: boolean }>(existing.map((c) => [c.questionId, c]));
  const firstAnswers = await tx
    .select({
      questionId: reviewCards.questionId,
      answers: sql<number>`count(*)::int`,
      misses: sql<number>`count(*) filter (where not ${reviewCards.firstCorrect})::int`,
    })
    .from(reviewCards)
    .where(inArray(reviewCards.questionId, [...new Set([...questionIds, ...answers.map((a) => a.itemId ?? a.questionId)])]))
    .groupBy(reviewCards.questionId);
  const difficulty = new Map(firstAnswers.map((f) => [f.questionId, questionDifficulty(f.answers, f.misses)]));

  for (const answer of answers) {
    const before = cards.get(answer.questionId) ?? null;
    const after = scheduleAnswer(before, answer.correct, now, source);
    cards.set(answer.questionId, { ...after, id: before?.id, firstCorrect: before ? before.firstCorrect : answer.correct });
  }
  const written = await tx
    .insert(reviewCards)
    .values(questionIds.map((questionId) => ({ userId, questionId, ...cards.get(questionId)!, id: undefined })))
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.questionId],
      set: Object.fromEntries(
        (["due", "stability", "difficulty", "elapsedDays", "scheduledDays", "learningSteps", "reps", "lapses", "state", "lastReview"] as const).map((column) => [
          column,
          sql.raw(`excluded.${reviewCards[column].name}`),
        ]),
      ),
    })
    .returning({ id: reviewCards.id, questionId: reviewCards.questionId, due: reviewCards.due });
  const cardOf = new Map(written.map((w) => [w.questionId, w]));

  // Mastery: one row per (course, concept), created on its first answer, then locked and moved on.
  const concepts = new Map<string, { courseId: number; key: string; fact: QuestionFacts }>();
  for (const a of answers) {
    const fact = facts.get(a.questionId)!;
    concepts.set(`${fact.courseId}:${conceptKey(fact.concept)}`, { courseId: fact.courseId, key: conceptKey(fact.concept), fact });
  }
  const ordered = [...concepts.values()].sort((a, b) => a.courseId - b.courseId || a.key.localeCompare(b.key));
  await tx
    .insert(conceptMastery)
    .values(
      ordered.map(({ courseId, key, fact }) => ({
        userId,
        courseId,
        conceptKey: key,
        concept: fact.concept,
        sectionIndex: fact.lesson.section_index,
        subsectionIndex: fact.lesson.subsection_index,
        lastAnsweredAt: now,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(conceptMastery)
    .where(and(eq(conceptMastery.userId, userId), inArray(conceptMastery.courseId, [...new Set(ordered.map((c) => c.courseId))]), inArray(conceptMastery.conceptKey, ordered.map((c) => c.key))))
    .orderBy(conceptMastery.courseId, conceptMastery.conceptKey)
    .for("update");
  const mastery = new Map(rows.map((r) => [`${r.courseId}:${r.conceptKey}`, { ...r }]));

  const recorded: RecordedAnswer[] = [];
  for (const a of answers) {
    const fact = facts.get(a.questionId)!;
    const row = mastery.get(`${fact.courseId}:${conceptKey(fact.concept)}`)!;
    const levelBefore = levelOf(masteryOf(row.rating), row.answers, row.lastCorrect);
    row.rating = nextRating(row.rating, row.answers, difficulty.get(a.itemId ?? a.questionId) ?? 0, a.correct);
    row.answers += 1;
    row.correctAnswers += a.correct ? 1 : 0;
    row.lastCorrect = a.correct;
    const card = cardOf.get(a.questionId)!;
    const masteryNow = masteryOf(row.rating);
    recorded.push({ questionId: a.questionId, cardId: card.id, nextDueAt: card.due, mastery: masteryNow, level: levelOf(masteryNow, row.answers, row.lastCorrect), levelBefore });
  }
  for (const row of mastery.values()) {
    await tx
      .update(conceptMastery)
      .set({ rating: row.rating, answers: row.answers, correctAnswers: row.correctAnswers, lastCorrect: row.lastCorrect, lastAnsweredAt: now })
      .where(and(eq(conceptMastery.userId, userId), eq(conceptMastery.courseId, row.courseId), eq(conceptMastery.conceptKey, row.conceptKey)));
  }
  return recorded;
}
