import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import { sql } from "drizzle-orm";

/*
 * Whether a quiz item has been put in front of a learner (docs/product-rules.md, "Reports"): an
 * item of their attempt under way (the draw shows its stem), an item whose key they were shown (the
 * reveal ledger: every item of a submitted attempt, every item answered in review), or the item
 * of one of their review cards (review shows it, or a revealed item of its concept). The rest of a
 * section's pool has never left the server for them: drawing it is what keeps a retry unseen.
 */

/** True when the learner has been shown this item (see above). */
export async function wasShownItem(db: DatabaseOrTransaction, userId: number, questionId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM quiz_reveals WHERE user_id = ${userId} AND question_id = ${questionId}
    UNION ALL
    SELECT 1 FROM quiz_draw_items i JOIN quiz_draws d ON d.id = i.draw_id WHERE d.user_id = ${userId} AND i.question_id = ${questionId}
    UNION ALL
    SELECT 1 FROM review_cards WHERE user_id = ${userId} AND question_id = ${questionId}
    LIMIT 1`);
  return rows.length > 0;
}
