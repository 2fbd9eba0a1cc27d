import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { quizReveals } from "../../db/schema";

/*
 * The reveal ledger (docs/product-rules.md, "Practice"): which items' keys a learner has been
 * shown, and when last. Quiz attempts draw around it; a key shown again moves its time on.
 */

export async function revealItems(db: DatabaseOrTransaction, userId: number, questionIds: number[], now: Date): Promise<void> {
  if (!questionIds.length) return;
  const ids = [...new Set(questionIds)].sort((a, b) => a - b);
  await db
    .insert(quizReveals)
    .values(ids.map((questionId) => ({ userId, questionId, revealedAt: now })))
    .onConflictDoUpdate({ target: [quizReveals.userId, quizReveals.questionId], set: { revealedAt: sql`greatest(${quizReveals.revealedAt}, excluded.revealed_at)` } });
}

/** When each of these items' keys was last shown to the learner (absent: never). */
export async function revealTimes(db: DatabaseOrTransaction, userId: number, questionIds: number[]): Promise<Map<number, Date>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .select({ questionId: quizReveals.questionId, revealedAt: quizReveals.revealedAt })
    .from(quizReveals)
    .where(and(eq(quizReveals.userId, userId), inArray(quizReveals.questionId, questionIds)));
  return new Map(rows.map((r) => [r.questionId, r.revealedAt]));
}
