import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { touchCourse } from "../../catalogue";
import { AppError } from "../../platform/http/app-error";
import type { VariantDecisionInput } from "./schemas";
import type { ChangedItem } from "./responses";
import { retireChecked } from "./edit";
import { lockQuestion } from "./items";
import { checkVersion, recordVersion } from "./versions";

/*
 * An admin's decision on a fresh quiz variant written under review (docs/product-rules.md, "Fresh
 * variants"): approved, it is an item of its section's pool like any other, drawn for learners from
 * then on; rejected, it is retired and never reaches a learner. Under the item's row lock and from
 * the version the admin saw, as every change of the review screen (./versions.ts), so a decision
 * never passes over an edit made meanwhile, and two decisions at once take turns: the second is 409.
 */

export const NOT_WAITING = "This question is not waiting for review: it is already in use.";

/** POST /quiz-questions/:id/decision */
export async function decideVariant(db: Database, adminId: number, questionId: number, input: VariantDecisionInput): Promise<ChangedItem> {
  return db.transaction(async (tx) => {
    // A rejected variant is retired: lockQuestion refuses it (409) like any retired item.
    const q = await lockQuestion(tx, questionId);
    if (q.in_review_since === null) throw new AppError("conflict", NOT_WAITING);
    const current = await checkVersion(tx, { kind: "question", id: q.id }, input.version);
    if (input.decision === "reject") return retireChecked(tx, adminId, q, current);
    await tx.execute(sql`UPDATE quiz_questions SET in_review_since = NULL WHERE id = ${q.id}`);
    const version = await recordVersion(tx, { courseId: q.course_id, item: { kind: "question", id: q.id }, version: current, kind: "approved", before: null, after: null, by: adminId });
    await touchCourse(tx, q.course_id);
    return { kind: "question", id: q.id, version, resolved_reports: 0, replacement_id: null };
  });
}
