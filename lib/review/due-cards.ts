import "server-only";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Database } from "../../db/client";
import { courseSections, courses, quizQuestions, reviewCards } from "../../db/schema";
import type { DueCards } from "../validation/responses/review";

export const DEFAULT_REVIEW_BATCH = 20;

/** A question's concept as mastery keys it (lib/mastery/model.ts conceptKey), in SQL: the section's title stands in for a missing one. */
const conceptText = sql<string>`coalesce(nullif(trim(${quizQuestions.concept}), ''), ${courseSections.title})`;
const conceptKeySql = sql<string>`lower(regexp_replace(trim(${conceptText}), '\\s+', ' ', 'g'))`;

/** Only the concept of one course: a review of that concept on demand (from /dashboard/progress), due or not. */
export type ConceptFilter = { courseId: number; conceptKey: string };

const dueCounts = preparedQuery((db) => {
  const mine = eq(reviewCards.userId, sql.placeholder("userId"));
  return db
    .select({
      due: sql<number>`(select count(*)::int from ${reviewCards} where ${and(mine, lte(reviewCards.due, sql.placeholder("now")))})`,
      next: sql<Date | string | null>`(select min(${reviewCards.due}) from ${reviewCards} where ${and(mine, gt(reviewCards.due, sql.placeholder("now")))})`,
    })
    .from(sql`(select 1) as one`)
    .prepare("review_due_counts");
});

const cardColumns = {
  card_id: reviewCards.id,
  question_id: quizQuestions.id,
  question: quizQuestions.question,
  options: quizQuestions.options,
  course_id: courses.id,
  course_title: courses.title,
  concept: conceptText,
};

const cardsFrom = (db: Database) =>
  db
    .select(cardColumns)
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId));

const dueCards = preparedQuery((db) =>
  cardsFrom(db)
    .where(and(eq(reviewCards.userId, sql.placeholder("userId")), lte(reviewCards.due, sql.placeholder("now"))))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .limit(sql.placeholder("limit"))
    .prepare("review_due_cards"),
);

/**
 * GET /review/due: how many of the learner's cards are due at `now`, when the next one is due
 * (the earliest card not due yet; null without any), and the first `limit` due cards, longest
 * overdue first. Both are prepared statements walking the (user_id, due) index.
 */
export async function listDueCards(userId: number, now: Date, limit = DEFAULT_REVIEW_BATCH, only?: ConceptFilter): Promise<DueCards> {
  const [[counts], cards] = await Promise.all([
    dueCounts().execute({ userId, now: now.toISOString() }),
    only
      ? cardsFrom(getDb())
          .where(and(eq(reviewCards.userId, userId), eq(courses.id, only.courseId), sql`${conceptKeySql} = ${only.conceptKey}`))
          .orderBy(asc(reviewCards.due), asc(reviewCards.id))
          .limit(limit)
      : dueCards().execute({ userId, now: now.toISOString(), limit }),
  ]);
  const next = counts?.next ? new Date(counts.next) : null;
  return { due_count: counts?.due ?? 0, next_due_at: next ? next.toISOString() : null, cards };
}
