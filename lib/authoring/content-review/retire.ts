import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { itemServedAs } from "../../catalogue";
import type { LockedQuestion } from "./items";

/*
 * Retiring a quiz item (docs/product-rules.md, "Review and editing"): the row stays, so every
 * answer and attempt that names it stays true, but it is never drawn again. Its learners' review
 * cards move to a replacement of the same concept in the course (the regenerated item, or another
 * live item teaching that concept), keeping their schedule; a learner who already has a card for
 * the replacement keeps that one, and a card with nowhere to go is retired (deleted). An attempt
 * under way keeps the items it drew.
 */

/** The served item (never one waiting for review) of the same concept, in the same course, that takes the retired item's cards (same section first), or null. */
async function sameConcept(tx: Transaction, q: LockedQuestion): Promise<number | null> {
  if (!q.concept?.trim()) return null;
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT r.id FROM quiz_questions r JOIN course_sections s ON s.id = r.section_id
     WHERE s.course_id = ${q.course_id} AND r.id <> ${q.id} AND ${sql.raw(itemServedAs("r"))}
       AND lower(trim(r.concept)) = lower(trim(${q.concept}))
     ORDER BY (r.section_id = ${q.section_id}) DESC, r.section_id, r.position LIMIT 1`);
  return rows[0]?.id ?? null;
}

export type Retired = { replacement_id: number | null; cards_moved: number; cards_retired: number };

/** Retires a locked, live item; `replacement` (a regenerated item) takes its cards, else one of the same concept. */
export async function retireLocked(tx: Transaction, q: LockedQuestion, replacement: number | null = null): Promise<Retired> {
  await tx.execute(sql`UPDATE quiz_questions SET retired_at = now() WHERE id = ${q.id}`);
  const target = replacement ?? (await sameConcept(tx, q));
  let moved = 0;
  if (target !== null) {
    const result = await tx.execute(sql`
      UPDATE review_cards c SET question_id = ${target}
       WHERE c.question_id = ${q.id}
         AND NOT EXISTS (SELECT 1 FROM review_cards o WHERE o.user_id = c.user_id AND o.question_id = ${target})`);
    moved = result.rowCount ?? 0;
  }
  const dropped = await tx.execute(sql`DELETE FROM review_cards WHERE question_id = ${q.id}`);
  return { replacement_id: target, cards_moved: moved, cards_retired: dropped.rowCount ?? 0 };
}
