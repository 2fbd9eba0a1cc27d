import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction, type Transaction } from "../../../db/client";
import { revealSql, revealValues } from "../quizzes/reveals";
import { scheduleAnswer, type CardState } from "../review/scheduler";
import { conceptKey, levelOf, levelOfRow, type MasteryLevel, masteryOf, nextRating, questionDifficulty } from "./model";
import type { QuestionFacts } from "./question-facts";

// Fixed statements, one text for any number of answers (arrays through `unnest`), named so that
// PostgreSQL plans each once per connection and nothing is built per call: every answer, quiz or
// review, runs them (docs/performance.md, "API").
const LOCK_CARDS = fixedStatement(
  "record_answers_lock_cards",
  `SELECT id, question_id AS "questionId", due, stability, difficulty, elapsed_days AS "elapsedDays", scheduled_days AS "scheduledDays",
          learning_steps AS "learningSteps", reps, lapses, state, last_review AS "lastReview", first_correct AS "firstCorrect"
     FROM review_cards WHERE user_id = $1 AND question_id = ANY($2::int[]) ORDER BY id FOR UPDATE`,
);
// Every learner's first answers to these items: how hard each is.
const FIRST_ANSWERS = fixedStatement(
  "record_answers_first_answers",
  `SELECT question_id AS "questionId", count(*)::int AS answers, count(*) FILTER (WHERE NOT first_correct)::int AS misses
     FROM review_cards WHERE question_id = ANY($1::int[]) GROUP BY question_id`,
);
const CARD_COLUMNS = "due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review";
// The cards written, and the concepts' mastery rows created on their first answer, in one round trip.
const WRITE_CARDS_ADD_MASTERY = fixedStatement(
  "record_answers_write_cards",
  `WITH added AS (
     INSERT INTO concept_mastery (user_id, course_id, concept_key, concept, section_index, subsection_index, last_answered_at)
     SELECT $1, *, $19 FROM unnest($14::int[], $15::text[], $16::text[], $17::int[], $18::int[])
     ON CONFLICT DO NOTHING
   )
   INSERT INTO review_cards (user_id, question_id, ${CARD_COLUMNS}, first_correct)
   SELECT $1, * FROM unnest($2::int[], $3::timestamptz[], $4::real[], $5::real[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::smallint[], $12::timestamptz[], $13::boolean[])
   ON CONFLICT (user_id, question_id) DO UPDATE SET ${CARD_COLUMNS.split(", ")
     .map((column) => `${column} = excluded.${column}`)
     .join(", ")}
   RETURNING id, question_id AS "questionId", due`,
);
const LOCK_MASTERY = fixedStatement(
  "record_answers_lock_mastery",
  `SELECT course_id AS "courseId", concept_key AS "conceptKey", rating, answers, correct_answers AS "correctAnswers", last_correct AS "lastCorrect"
     FROM concept_mastery
    WHERE user_id = $1 AND (course_id, concept_key) IN (SELECT * FROM unnest($2::int[], $3::text[]))
    ORDER BY course_id, concept_key FOR UPDATE`,
);
// The mastery rows moved on, and the answered items' keys recorded as shown, in one round trip.
const WRITE_MASTERY_REVEAL = fixedStatement(
  "record_answers_write_mastery",
  `WITH revealed AS (${revealSql("$1", "$9", "$8", "$10")})
   UPDATE concept_mastery m
      SET rating = v.rating, answers = v.answers, correct_answers = v.correct_answers, last_correct = v.last_correct, last_answered_at = $8
     FROM unnest($2::int[], $3::text[], $4::float8[], $5::int[], $6::int[], $7::boolean[]) AS v(course_id, concept_key, rating, answers, correct_answers, last_correct)
    WHERE m.user_id = $1 AND m.course_id = v.course_id AND m.concept_key = v.concept_key`,
);

type LockedCard = CardState & { id: number; questionId: number; firstCorrect: boolean };
type MasteryRow = { courseId: number; conceptKey: string; rating: number; answers: number; correctAnswers: number; lastCorrect: boolean };

export type GradedAnswer = {
  /** The question whose card the answer moves. */
  questionId: number;
  correct: boolean;
  /** The item actually answered when review showed another of the card's concept: its difficulty rates the answer. */
  itemId?: number;
};

/** One answer's outcome: the card's next date, and the concept's mastery and level before and after it. */
export type RecordedAnswer = { questionId: number; cardId: number; nextDueAt: Date; mastery: number; level: MasteryLevel; levelBefore: MasteryLevel };

/** How hard each of these items is, from every learner's first answer to it (none yet: 0). */
export async function itemDifficulties(db: DatabaseOrTransaction, itemIds: number[]): Promise<Map<number, number>> {
  const rows = await runFixed<{ questionId: number; answers: number; misses: number }>(db, FIRST_ANSWERS, [[...new Set(itemIds)]]);
  return new Map(rows.map((f) => [f.questionId, questionDifficulty(f.answers, f.misses)]));
}

/**
 * Every answer (section quiz or review) lands here, in the caller's transaction: the question's
 * FSRS card is created or moved on (lib/practice/review/scheduler.ts), the learner's mastery of its
 * concept is updated (lib/practice/mastery/model.ts) against the difficulty of the item answered (in review
 * possibly another item of the card's concept: `itemId`), which the caller read with
 * itemDifficulties (every learner's first answer before this one), and the items in `reveal` are
 * recorded as shown (lib/practice/quizzes/reveals.ts). Course progress is not touched. Rows are locked
 * cards first, then mastery rows, each in key order, so concurrent answers cannot deadlock. Four
 * round trips, whatever the number of answers (docs/performance.md, "API").
 */
export async function recordAnswers(
  tx: Transaction,
  userId: number,
  answers: GradedAnswer[],
  facts: Map<number, QuestionFacts>,
  difficulty: Map<number, number>,
  now: Date,
  source: "quiz" | "review",
  reveal: { items: number[]; right: readonly number[] },
): Promise<RecordedAnswer[]> {
  if (!answers.length) return [];
  const questionIds = [...new Set(answers.map((a) => a.questionId))].sort((a, b) => a - b);

  const existing = await runFixed<LockedCard>(tx, LOCK_CARDS, [userId, questionIds]);
  const cards = new Map<number, CardState & { firstCorrect: boolean }>(existing.map((c) => [c.questionId, c]));

  for (const answer of answers) {
    const before = cards.get(answer.questionId) ?? null;
    const after = scheduleAnswer(before, answer.correct, now, source);
    cards.set(answer.questionId, { ...after, firstCorrect: before ? before.firstCorrect : answer.correct });
  }

  // Mastery: one row per (course, concept), created on its first answer, then locked and moved on.
  const rowKey = (courseId: number, key: string) => `${courseId}:${key}`;
  const concepts = new Map<string, { courseId: number; key: string; fact: QuestionFacts }>();
  for (const a of answers) {
    const fact = facts.get(a.questionId)!;
    const key = conceptKey(fact.concept);
    concepts.set(rowKey(fact.courseId, key), { courseId: fact.courseId, key, fact });
  }
  const ordered = [...concepts.values()].sort((a, b) => a.courseId - b.courseId || a.key.localeCompare(b.key));
  const courseIds = ordered.map((c) => c.courseId);
  const keys = ordered.map((c) => c.key);

  const next = questionIds.map((id) => cards.get(id)!);
  const written = await runFixed<{ id: number; questionId: number; due: Date }>(tx, WRITE_CARDS_ADD_MASTERY, [
    userId,
    questionIds,
    next.map((c) => c.due),
    next.map((c) => c.stability),
    next.map((c) => c.difficulty),
    next.map((c) => c.elapsedDays),
    next.map((c) => c.scheduledDays),
    next.map((c) => c.learningSteps),
    next.map((c) => c.reps),
    next.map((c) => c.lapses),
    next.map((c) => c.state),
    next.map((c) => c.lastReview),
    next.map((c) => c.firstCorrect),
    courseIds,
    keys,
    ordered.map((c) => c.fact.concept),
    ordered.map((c) => c.fact.lesson.section_index),
    ordered.map((c) => c.fact.lesson.subsection_index),
    now,
  ]);
  const cardOf = new Map(written.map((w) => [w.questionId, w]));
  const rows = await runFixed<MasteryRow>(tx, LOCK_MASTERY, [userId, courseIds, keys]);
  const mastery = new Map(rows.map((r) => [rowKey(r.courseId, r.conceptKey), r]));

  const recorded: RecordedAnswer[] = [];
  for (const a of answers) {
    const fact = facts.get(a.questionId)!;
    const row = mastery.get(rowKey(fact.courseId, conceptKey(fact.concept)))!;
    const levelBefore = levelOfRow(row);
    row.rating = nextRating(row.rating, row.answers, difficulty.get(a.itemId ?? a.questionId) ?? 0, a.correct);
    row.answers += 1;
    row.correctAnswers += a.correct ? 1 : 0;
    row.lastCorrect = a.correct;
    const card = cardOf.get(a.questionId)!;
    const masteryNow = masteryOf(row.rating);
    recorded.push({ questionId: a.questionId, cardId: card.id, nextDueAt: card.due, mastery: masteryNow, level: levelOf(masteryNow, row.answers, row.lastCorrect), levelBefore });
  }
  const moved = [...mastery.values()];
  const [revealed, right] = revealValues(reveal.items, reveal.right);
  await runFixed(tx, WRITE_MASTERY_REVEAL, [
    userId,
    moved.map((r) => r.courseId),
    moved.map((r) => r.conceptKey),
    moved.map((r) => r.rating),
    moved.map((r) => r.answers),
    moved.map((r) => r.correctAnswers),
    moved.map((r) => r.lastCorrect),
    now,
    revealed,
    right,
  ]);
  return recorded;
}
