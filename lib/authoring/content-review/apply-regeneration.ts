import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { touchCourse } from "../../catalogue";
import { resolveOpen } from "../reports/resolve";
import { questionFields, type LockedQuestion, type LockedSubsection, type QuestionFields } from "./items";
import { retireLocked } from "./retire";
import { recordVersion } from "./versions";

/*
 * Putting a regenerated lesson or quiz item in front of learners, and taking it back
 * (docs/product-rules.md, "Review and editing"). Both run in the caller's transaction, with the
 * item's row locked and its version checked: the worker's when it writes in place, an admin's when
 * they accept a revision or restore the old version.
 * - A lesson changes in place (same row: reads, positions and progress stay).
 * - A quiz item becomes a NEW item in the old one's place in the pool's order; the old one is
 *   retired (its answers stay true, its learners' review cards move to the new one) and goes after
 *   the section's last item. Restoring does the reverse: the old item comes back to its place, the
 *   new one retires and its cards move back.
 */

export type Change = { courseId: number; version: number; instruction: string | null; by: number | null };

/** A lesson's text, as a regeneration keeps its two versions. */
export type LessonText = { content: string };

/** Locks the section's row: positions in its pool move only one change at a time (lib/authoring/generation/save-variants.ts takes the same lock). */
async function lockPool(tx: Transaction, sectionId: number) {
  await tx.execute(sql`SELECT id FROM course_sections WHERE id = ${sectionId} FOR NO KEY UPDATE`);
}

/** Moves an item after its section's last one, freeing its position. */
async function moveToEnd(tx: Transaction, questionId: number, sectionId: number) {
  await tx.execute(sql`UPDATE quiz_questions SET position = (SELECT max(position) + 1 FROM quiz_questions WHERE section_id = ${sectionId}) WHERE id = ${questionId}`);
}

/** The regenerated lesson text replaces the current one; its open reports are resolved as 'regenerated'. */
export async function applyLessonText(tx: Transaction, sub: LockedSubsection, content: string, change: Change): Promise<void> {
  await tx.execute(sql`UPDATE course_subsections SET content = ${content} WHERE id = ${sub.id}`);
  await recordVersion(tx, { courseId: change.courseId, item: { kind: "subsection", id: sub.id }, version: change.version, kind: "regenerated", before: { content: sub.content }, after: { content }, instruction: change.instruction, by: change.by });
  if (change.by !== null) await resolveOpen(tx, change.by, { subsectionId: sub.id, questionId: null }, "regenerated", null);
  await touchCourse(tx, change.courseId);
}

/** The regenerated item replaces the locked, live one in its place; returns the new item's id. */
export async function applyQuestionReplacement(tx: Transaction, q: LockedQuestion, written: QuestionFields, change: Change): Promise<number> {
  await lockPool(tx, q.section_id);
  await moveToEnd(tx, q.id, q.section_id);
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO quiz_questions (section_id, position, question, options, correct_answer, hint, concept, subsection_index, explanation)
    VALUES (${q.section_id}, ${q.position}, ${written.question}, ${sql.param(written.options)}::text[], ${written.correct_answer}, ${written.hint}, ${written.concept}, ${q.subsection_index}, ${written.explanation})
    RETURNING id`);
  const newId = rows[0]!.id;
  const retired = await retireLocked(tx, q, newId);
  const { courseId, instruction, by } = change;
  await recordVersion(tx, { courseId, item: { kind: "question", id: q.id }, version: change.version, kind: "replaced", before: questionFields(q), after: { ...questionFields(written), ...retired }, instruction, by });
  await recordVersion(tx, { courseId, item: { kind: "question", id: newId }, version: 0, kind: "regenerated", before: { ...questionFields(q), replaced_id: q.id }, after: questionFields(written), instruction, by });
  if (by !== null) await resolveOpen(tx, by, { subsectionId: null, questionId: q.id }, "regenerated", null);
  await touchCourse(tx, courseId);
  return newId;
}

/** Undoes an in-place lesson regeneration: the text before it comes back, as a new version. */
export async function restoreLessonText(tx: Transaction, sub: LockedSubsection, old: LessonText, change: Change): Promise<void> {
  await tx.execute(sql`UPDATE course_subsections SET content = ${old.content} WHERE id = ${sub.id}`);
  await recordVersion(tx, { courseId: change.courseId, item: { kind: "subsection", id: sub.id }, version: change.version, kind: "restored", before: { content: sub.content }, after: old, by: change.by });
  await touchCourse(tx, change.courseId);
}

/**
 * Undoes an item's replacement: the old item (locked, retired) is live again in the new one's
 * place, the new one (locked, live) retires with its review cards moving back to the old one.
 */
export async function restoreQuestion(tx: Transaction, old: LockedQuestion, fresh: LockedQuestion, change: Change & { freshVersion: number }): Promise<void> {
  await lockPool(tx, fresh.section_id);
  await moveToEnd(tx, fresh.id, fresh.section_id);
  await tx.execute(sql`UPDATE quiz_questions SET retired_at = NULL, position = ${fresh.position} WHERE id = ${old.id}`);
  const retired = await retireLocked(tx, fresh, old.id);
  const { courseId, by } = change;
  await recordVersion(tx, { courseId, item: { kind: "question", id: fresh.id }, version: change.freshVersion, kind: "retired", before: null, after: retired, by });
  await recordVersion(tx, { courseId, item: { kind: "question", id: old.id }, version: change.version, kind: "restored", before: { replaced_by: fresh.id }, after: questionFields(old), by });
  await touchCourse(tx, courseId);
}
