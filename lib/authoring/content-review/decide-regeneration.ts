import "server-only";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import type { Regeneration } from "./responses";
import { applyLessonText, applyQuestionReplacement, restoreLessonText, restoreQuestion, type LessonText } from "./apply-regeneration";
import { lockQuestion, lockSubsection, type LockedQuestion, type QuestionFields } from "./items";
import { regenerationById } from "./regeneration-row";
import { latestVersion, NOUN, type ContentItem } from "./versions";

/*
 * An admin's choice between the old and the new version of a regenerated lesson or quiz item
 * (docs/product-rules.md, "Review and editing"), POST /regenerations/{id}/decision:
 * - a revision waiting for review: "new" accepts it (learners get it now, as a regeneration in
 *   place would have given it), "old" discards it (learners never get it);
 * - a regeneration written in place (no review required): "new" keeps it, "old" restores the
 *   version before it from what the regeneration stored.
 * Under the regeneration's row lock, then the item's: decided once (409 after), and never over a
 * change made to the item since (409, nothing written).
 */

type Row = {
  id: number;
  course_id: number;
  subsection_id: number | null;
  question_id: number | null;
  status: Regeneration["status"];
  base_version: number;
  instruction: string | null;
  replacement_id: number | null;
  before: unknown;
  after: unknown;
  decided_at: Date | null;
};

export const NO_REGENERATION = "There is no such regeneration.";
const STILL_WRITING = "This new version is still being written: decide once it is ready.";
const DECIDED = "This new version was decided already: reload to see which version stands.";
const CHANGED_SINCE = (item: ContentItem) => `This ${NOUN[item.kind]} changed since the new version was written: keep the old one, or ask for a new version of the current one.`;
const CHANGED_AFTER = (item: ContentItem) => `This ${NOUN[item.kind]} changed after it was regenerated: edit it instead.`;

async function lockRegeneration(tx: Transaction, id: number): Promise<Row> {
  const { rows } = await tx.execute<Row>(sql`
    SELECT id, course_id, subsection_id, question_id, status, base_version, instruction, replacement_id, before, after, decided_at
      FROM content_regenerations WHERE id = ${id} FOR UPDATE`);
  if (!rows[0]) throw new AppError("not_found", NO_REGENERATION);
  return rows[0];
}

async function decided(tx: Transaction, id: number, adminId: number, status: Regeneration["status"], replacementId: number | null = null) {
  await tx.execute(sql`
    UPDATE content_regenerations SET status = ${status}, decided_by = ${adminId}, decided_at = now(), replacement_id = coalesce(${replacementId}, replacement_id)
     WHERE id = ${id}`);
}

/** Accepts a revision waiting for review: what the worker would have done in place, by this admin. */
async function accept(tx: Transaction, adminId: number, r: Row) {
  const change = { courseId: r.course_id, version: r.base_version, instruction: r.instruction, by: adminId };
  if (r.subsection_id !== null) {
    const item = { kind: "subsection", id: r.subsection_id } as const;
    const sub = await lockSubsection(tx, item.id);
    if ((await latestVersion(tx, item)).version !== r.base_version) throw new AppError("conflict", CHANGED_SINCE(item));
    await applyLessonText(tx, sub, (r.after as LessonText).content, change);
    return decided(tx, r.id, adminId, "done");
  }
  const item = { kind: "question", id: r.question_id! } as const;
  const q = await lockQuestion(tx, item.id, { live: false });
  if (q.retired_at !== null || (await latestVersion(tx, item)).version !== r.base_version) throw new AppError("conflict", CHANGED_SINCE(item));
  const newId = await applyQuestionReplacement(tx, q, r.after as QuestionFields, change);
  return decided(tx, r.id, adminId, "done", newId);
}

/** Restores the version an in-place regeneration replaced, if nothing changed the item since. */
async function restore(tx: Transaction, adminId: number, r: Row) {
  if (r.subsection_id !== null) {
    const item = { kind: "subsection", id: r.subsection_id } as const;
    const sub = await lockSubsection(tx, item.id);
    const { version } = await latestVersion(tx, item);
    if (version !== r.base_version + 1) throw new AppError("conflict", CHANGED_AFTER(item));
    await restoreLessonText(tx, sub, r.before as LessonText, { courseId: r.course_id, version, instruction: null, by: adminId });
    return decided(tx, r.id, adminId, "restored");
  }
  const item = { kind: "question", id: r.question_id! } as const;
  if (r.replacement_id === null) throw new AppError("conflict", CHANGED_AFTER(item));
  // In id order, as every other change that locks two items would.
  const locked = new Map<number, LockedQuestion>();
  for (const id of [r.question_id!, r.replacement_id].sort((a, b) => a - b)) locked.set(id, await lockQuestion(tx, id, { live: false }));
  const old = locked.get(r.question_id!)!;
  const fresh = locked.get(r.replacement_id)!;
  const [oldVersion, freshVersion] = [(await latestVersion(tx, item)).version, (await latestVersion(tx, { kind: "question", id: fresh.id })).version];
  if (old.retired_at === null || fresh.retired_at !== null || oldVersion !== r.base_version + 1 || freshVersion !== 1) throw new AppError("conflict", CHANGED_AFTER(item));
  await restoreQuestion(tx, old, fresh, { courseId: r.course_id, version: oldVersion, freshVersion, instruction: null, by: adminId });
  return decided(tx, r.id, adminId, "restored");
}

/** POST /regenerations/:id/decision: which version stands, the new one or the old one (see above). */
export async function decideRegeneration(db: Database, adminId: number, regenerationId: number, keep: "new" | "old"): Promise<Regeneration> {
  return db.transaction(async (tx) => {
    const r = await lockRegeneration(tx, regenerationId);
    if (r.status === "pending") throw new AppError("conflict", STILL_WRITING);
    const undecidedInPlace = r.status === "done" && r.decided_at === null;
    if (r.status !== "in_review" && !undecidedInPlace) throw new AppError("conflict", DECIDED);
    if (r.status === "in_review") {
      if (keep === "new") await accept(tx, adminId, r);
      else await decided(tx, r.id, adminId, "discarded");
    } else if (keep === "new") await decided(tx, r.id, adminId, "done");
    else await restore(tx, adminId, r);
    return (await regenerationById(tx, r.id))!;
  });
}
