import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../db/client";

/*
 * The reveal ledger (docs/product-rules.md, "Practice"): which items' keys a learner has been
 * shown, and when last. Quiz attempts draw around it; a key shown again moves its time on.
 */

// Fixed and named: every final answer, quiz or review, runs them (docs/performance.md, "API").
const REVEAL = fixedStatement(
  "reveal_items",
  `INSERT INTO quiz_reveals (user_id, question_id, revealed_at) SELECT $1, question_id, $3 FROM unnest($2::int[]) AS question_id
   ON CONFLICT (user_id, question_id) DO UPDATE SET revealed_at = greatest(quiz_reveals.revealed_at, excluded.revealed_at)`,
);
const REVEAL_TIMES = fixedStatement(
  "reveal_times",
  `SELECT question_id AS "questionId", revealed_at AS "revealedAt" FROM quiz_reveals WHERE user_id = $1 AND question_id = ANY($2::int[])`,
);

export async function revealItems(db: DatabaseOrTransaction, userId: number, questionIds: number[], now: Date): Promise<void> {
  if (!questionIds.length) return;
  // In id order, so two transactions revealing the same items lock them in the same order.
  await runFixed(db, REVEAL, [userId, [...new Set(questionIds)].sort((a, b) => a - b), now]);
}

/** When each of these items' keys was last shown to the learner (absent: never). */
export async function revealTimes(db: DatabaseOrTransaction, userId: number, questionIds: number[]): Promise<Map<number, Date>> {
  if (!questionIds.length) return new Map();
  const rows = await runFixed<{ questionId: number; revealedAt: Date }>(db, REVEAL_TIMES, [userId, questionIds]);
  return new Map(rows.map((r) => [r.questionId, r.revealedAt]));
}
