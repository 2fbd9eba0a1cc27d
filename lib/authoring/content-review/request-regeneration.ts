import "server-only";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { contentRegenerations } from "../../../db/schema";
import { regenerateContentJob } from "../generation/jobs/regenerate-content";
import { AppError } from "../../platform/http/app-error";
import { sendJob } from "../../platform/jobs/send";
import type { Regeneration } from "./responses";
import { lockQuestion, lockSubsection } from "./items";
import { regenerationById } from "./regeneration-row";
import { checkVersion, NOUN, type ContentItem } from "./versions";

/*
 * An admin asks for one lesson or quiz item again (docs/product-rules.md, "Review and editing"):
 * the request row and its worker job are written in one transaction, from the version the admin
 * saw (409 if someone changed it since). One regeneration per item at a time, counting one whose
 * new version waits for review.
 */

const UNDER_WAY = (item: ContentItem) => `A new version of this ${NOUN[item.kind]} is being written already; wait for it before asking again.`;
const VARIANT_IN_REVIEW = "This new question waits for your review: approve or reject it before asking for it again.";
const IN_REVIEW = (item: ContentItem) => `A new version of this ${NOUN[item.kind]} waits for your review: accept it or keep the old one before asking again.`;

/** A quiz item to write again: live, and not a fresh variant still waiting for review (approve or reject that one first). */
async function lockWrittenQuestion(tx: Transaction, id: number) {
  const q = await lockQuestion(tx, id);
  if (q.in_review_since !== null) throw new AppError("conflict", VARIANT_IN_REVIEW);
  return q;
}

/** POST /subsections/:id/regenerate and /quiz-questions/:id/regenerate: 202 with the pending regeneration. */
export async function requestRegeneration(db: Database, adminId: number, item: ContentItem, startedFrom: number, instruction: string | null): Promise<Regeneration> {
  return db.transaction(async (tx) => {
    const courseId = item.kind === "subsection" ? (await lockSubsection(tx, item.id)).course_id : (await lockWrittenQuestion(tx, item.id)).course_id;
    const version = await checkVersion(tx, item, startedFrom);
    const on = item.kind === "subsection" ? sql`subsection_id = ${item.id}` : sql`question_id = ${item.id}`;
    const { rows } = await tx.execute<{ status: string }>(sql`SELECT status FROM content_regenerations WHERE ${on} AND status IN ('pending', 'in_review')`);
    if (rows.length) throw new AppError("conflict", rows[0]!.status === "pending" ? UNDER_WAY(item) : IN_REVIEW(item));
    const [row] = await tx
      .insert(contentRegenerations)
      .values({
        courseId,
        subsectionId: item.kind === "subsection" ? item.id : null,
        questionId: item.kind === "question" ? item.id : null,
        baseVersion: version,
        instruction: instruction || null,
        requestedBy: adminId,
      })
      .returning({ id: contentRegenerations.id });
    await sendJob(regenerateContentJob, { regenerationId: row!.id }, { tx });
    return (await regenerationById(tx, row!.id))!;
  });
}
