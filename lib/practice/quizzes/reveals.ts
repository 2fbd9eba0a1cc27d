import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../../db/client";

/*
 * The reveal ledger (docs/product-rules.md, "Practice"): which items' keys a learner has been
 * shown, and when last. Quiz attempts draw around it; a key shown again moves its time on. It
 * also keeps when the learner last answered each item right, which review weighs
 * (lib/practice/review/recently-right.ts).
 */

// Fixed and named: every final answer, quiz or review, runs them (docs/performance.md, "API").
// greatest() passes over a null: an item not answered right this time keeps its earlier right_at.
/**
 * The reveal as SQL, its values at these placeholders: the learner, the items (in id order, so two
 * transactions revealing the same items lock them in the same order), now, and those answered right.
 * Also run as part of an answer's last write (lib/practice/mastery/record-answers.ts).
 */
export const revealSql = (user: string, items: string, now: string, right: string) =>
  `INSERT INTO quiz_reveals (user_id, question_id, revealed_at, right_at)
   SELECT ${user}, question_id, ${now}::timestamptz, CASE WHEN question_id = ANY(${right}::int[]) THEN ${now}::timestamptz END FROM unnest(${items}::int[]) AS question_id
   ON CONFLICT (user_id, question_id) DO UPDATE
     SET revealed_at = greatest(quiz_reveals.revealed_at, excluded.revealed_at), right_at = greatest(quiz_reveals.right_at, excluded.right_at)`;

/** The items to reveal in the order revealSql needs, and those of them answered right. */
export const revealValues = (questionIds: number[], answeredRight: readonly number[]) => [[...new Set(questionIds)].sort((a, b) => a - b), [...answeredRight]] as const;

const REVEAL = fixedStatement("reveal_items", revealSql("$1", "$2", "$3", "$4"));
const REVEAL_TIMES = fixedStatement(
  "reveal_times",
  `SELECT question_id AS "questionId", revealed_at AS "revealedAt" FROM quiz_reveals WHERE user_id = $1 AND question_id = ANY($2::int[])`,
);

/** Records these items' keys as shown at `now`; `answeredRight` are those of them the learner has just answered right. */
export async function revealItems(db: DatabaseOrTransaction, userId: number, questionIds: number[], now: Date, answeredRight: readonly number[] = []): Promise<void> {
  if (!questionIds.length) return;
  const [items, right] = revealValues(questionIds, answeredRight);
  await runFixed(db, REVEAL, [userId, items, now, right]);
}

/** When each of these items' keys was last shown to the learner (absent: never). */
export async function revealTimes(db: DatabaseOrTransaction, userId: number, questionIds: number[]): Promise<Map<number, Date>> {
  if (!questionIds.length) return new Map();
  const rows = await runFixed<{ questionId: number; revealedAt: Date }>(db, REVEAL_TIMES, [userId, questionIds]);
  return new Map(rows.map((r) => [r.questionId, r.revealedAt]));
}
