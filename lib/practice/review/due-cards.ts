import "server-only";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { preparedQuery, type DatabaseOrTransaction } from "../../../db/client";
import { courseSections, courses, quizQuestions, quizReveals, reviewCards } from "../../../db/schema";
import { conceptKeySql as conceptKeyOf } from "../mastery/list-mastery";
import { itemServed, itemServedAs, sectionServed } from "../../catalogue";
import { shuffle } from "../quizzes/draw";
import type { DueCards } from "./responses";
import { answeredRightRecently, recentlyRightSince, skipRecentlyRight } from "./recently-right";
import { shownItem } from "./shown-item";

/** A review session's length (docs/product-rules.md, "Mastery and spaced review"): short enough to finish, long enough to interleave. */
export const REVIEW_SESSION_SIZE = 10;

/** A question's concept as mastery keys it (lib/practice/mastery/list-mastery.ts conceptKeySql), over the tables these queries name. */
const conceptKeySql = sql<string>`${sql.raw(conceptKeyOf('"quiz_questions"', '"course_sections"'))}`;

/** Only the concept of one course: a review of that concept on demand (from /dashboard/progress), due or not. */
export type ConceptFilter = { courseId: number; conceptKey: string };

// Cards of a course or section not served to learners wait, uncounted, until it is again
// (docs/product-rules.md, "Review and publication").
const servedCourseOfSection = and(eq(courses.id, courseSections.courseId), sectionServed);

// One pass over the learner's cards of served sections: how many are due, and when the next one is.
const dueCounts = preparedQuery((db) =>
  db
    .select({
      due: sql<number>`(count(*) filter (where ${lte(reviewCards.due, sql.placeholder("now"))}))::int`,
      next: sql<Date | string | null>`min(${reviewCards.due}) filter (where ${gt(reviewCards.due, sql.placeholder("now"))})`,
    })
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .innerJoin(courses, servedCourseOfSection)
    .where(eq(reviewCards.userId, sql.placeholder("userId")))
    .prepare("review_due_counts"),
);

/** Each card with its own question and where its concept lives; no column name twice, so the session query can wrap it. */
const cardColumns = {
  cardId: reviewCards.id,
  questionId: reviewCards.questionId,
  reps: reviewCards.reps,
  due: reviewCards.due,
  sectionId: quizQuestions.sectionId,
  courseId: courseSections.courseId,
  courseTitle: courses.title,
  question: quizQuestions.question,
  options: quizQuestions.options,
};

type CardRow = { cardId: number; questionId: number; reps: number; sectionId: number; courseId: number; courseTitle: string; question: string; options: string[]; conceptKey: string };

const cardsFrom = (db: DatabaseOrTransaction) =>
  db
    .select({ ...cardColumns, conceptKey: conceptKeySql })
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .innerJoin(courses, servedCourseOfSection);

/*
 * Whether every item a card could show was answered right since `recentSince`
 * (./recently-right.ts): its own question, and each item of its concept in its section whose key
 * the learner has seen (the siblings ./shown-item.ts picks from).
 */
const recentlyRightCard = sql<boolean>`(
  exists (select 1 from quiz_reveals own where own.user_id = ${reviewCards.userId} and own.question_id = ${reviewCards.questionId} and own.right_at > ${sql.placeholder("recentSince")})
  and not exists (
    select 1 from quiz_reveals seen join quiz_questions sibling on sibling.id = seen.question_id
     where seen.user_id = ${reviewCards.userId} and sibling.section_id = ${quizQuestions.sectionId} and ${sql.raw(itemServedAs("sibling"))}
       and ${sql.raw(conceptKeyOf("sibling", '"course_sections"'))} = ${conceptKeySql}
       and (seen.right_at is null or seen.right_at <= ${sql.placeholder("recentSince")})))`;

/**
 * A session's due cards in one statement on the (user_id, due) index: per concept (course and
 * concept key) only its most overdue card, then the concepts dealt round-robin across courses
 * (each course's most overdue first, courses in the order of their most overdue card), so two
 * cards in a row are of different courses while more than one course has cards left. Cards with
 * only items answered right within the hour (`recent`) come after all the others, a concept's
 * other card first when it has one.
 */
const sessionCards = preparedQuery((db) => {
  const perConcept = db.$with("per_concept").as(
    db
      .selectDistinctOn([courseSections.courseId, conceptKeySql], { ...cardColumns, conceptKey: conceptKeySql.as("concept_key"), recent: recentlyRightCard.as("recent") })
      .from(reviewCards)
      .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
      .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
      .innerJoin(courses, servedCourseOfSection)
      .where(and(eq(reviewCards.userId, sql.placeholder("userId")), lte(reviewCards.due, sql.placeholder("now"))))
      .orderBy(courseSections.courseId, conceptKeySql, sql`recent`, asc(reviewCards.due), asc(reviewCards.id)),
  );
  return db
    .with(perConcept)
    .select()
    .from(perConcept)
    .orderBy(
      perConcept.recent,
      sql`row_number() over (partition by ${perConcept.recent}, ${perConcept.courseId} order by ${perConcept.due}, ${perConcept.cardId})`,
      sql`min(${perConcept.due}) over (partition by ${perConcept.recent}, ${perConcept.courseId})`,
      perConcept.courseId,
    )
    .limit(sql.placeholder("limit"))
    .prepare("review_session_cards");
});

/** One concept's cards, due or not, longest overdue first. */
const conceptCards = (db: DatabaseOrTransaction, userId: number, only: ConceptFilter, limit: number) =>
  cardsFrom(db)
    .where(and(eq(reviewCards.userId, userId), eq(courseSections.courseId, only.courseId), sql`${conceptKeySql} = ${only.conceptKey}`))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .limit(limit);

// Sections as `= any($2)`: one statement text for any number of them, so it is prepared too (docs/performance.md, "API").
const revealedInSections = preparedQuery((db) =>
  db
    .select({ id: quizQuestions.id, sectionId: quizQuestions.sectionId, conceptKey: conceptKeySql, question: quizQuestions.question, options: quizQuestions.options, rightAt: quizReveals.rightAt })
    .from(quizReveals)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizReveals.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    // A retired item is never shown again, not even as a seen sibling, nor a variant waiting for review (lib/catalogue/publication/served.ts).
    .where(and(eq(quizReveals.userId, sql.placeholder("userId")), sql`${quizQuestions.sectionId} = any(${sql.placeholder("sectionIds")})`, itemServed))
    .prepare("review_revealed_siblings"),
);

/** The items of these cards' sections whose keys the learner has seen, with their concept keys: one query for the whole session. */
async function revealedSiblings(db: DatabaseOrTransaction, userId: number, cards: CardRow[]) {
  if (!cards.length) return new Map<string, { id: number; question: string; options: string[]; rightAt: Date | string | null }[]>();
  const rows = await revealedInSections(db).execute({ userId, sectionIds: [...new Set(cards.map((c) => c.sectionId))] });
  const byConcept = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.sectionId}:${row.conceptKey}`;
    byConcept.set(key, [...(byConcept.get(key) ?? []), row]);
  }
  return byConcept;
}

/** How many of the learner's cards are due at `now`, and when the next one is (the earliest card not due yet; null without any). */
export async function countDueCards(db: DatabaseOrTransaction, userId: number, now: Date): Promise<Pick<DueCards, "due_count" | "next_due_at">> {
  const [counts] = await dueCounts(db).execute({ userId, now: now.toISOString() });
  const next = counts?.next ? new Date(counts.next) : null;
  return { due_count: counts?.due ?? 0, next_due_at: next ? next.toISOString() : null };
}

/**
 * GET /review/due: the counts (countDueCards) and a session of at most `limit` due cards, at most
 * one per concept, interleaved across courses (docs/product-rules.md, "Mastery and spaced
 * review"); with `only`, one concept's cards instead, due or not. Each card shows an item of its
 * concept whose key the learner has already seen (lib/practice/review/shown-item.ts), its options in a
 * new order each time it is served. Items answered right within the hour are not shown while
 * anything else is due (./recently-right.ts). Three queries, whatever the number of cards.
 */
export async function listDueCards(db: DatabaseOrTransaction, userId: number, now: Date, limit = REVIEW_SESSION_SIZE, only?: ConceptFilter): Promise<DueCards> {
  const [counts, cards] = await Promise.all([
    countDueCards(db, userId, now),
    // On demand the learner asked for the concept: every card of it, recent or not.
    only ? conceptCards(db, userId, only, limit) : sessionCards(db).execute({ userId, now: now.toISOString(), limit, recentSince: recentlyRightSince(now).toISOString() }).then(skipRecentlyRight),
  ]);
  const siblings = await revealedSiblings(db, userId, cards);
  const taken = new Set<number>();
  return {
    ...counts,
    cards: cards.map((card) => {
      const revealed = siblings.get(`${card.sectionId}:${card.conceptKey}`) ?? [];
      const recent = new Set(revealed.filter((r) => answeredRightRecently(r.rightAt === null ? null : new Date(r.rightAt), now)).map((r) => r.id));
      const id = shownItem(card, revealed.map((r) => r.id), taken, recent);
      taken.add(id);
      const item = revealed.find((r) => r.id === id) ?? { id: card.questionId, question: card.question, options: card.options };
      return { card_id: card.cardId, question_id: item.id, question: item.question, options: shuffle(item.options), course_id: card.courseId, course_title: card.courseTitle };
    }),
  };
}
