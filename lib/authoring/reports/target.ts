import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import { openSectionQuiz, wasShownItem } from "../../practice";
import { openLesson } from "../../tutor";
import type { ReportTarget } from "./schemas";

/*
 * What a report is about, as the database names it: a subsection or a quiz question. A learner
 * may name only what they have been served (docs/product-rules.md, "Reports"): a lesson the reader
 * opens for them (its content is in their course's answer), or an item of a section whose quiz they
 * can open that was shown to them (drawn for their attempt, revealed, or on a review card:
 * lib/practice/quizzes/shown-items.ts). Anything else (someone else's personal course, a course they are
 * not enrolled in, a locked lesson or quiz, an item of the pool never drawn for them) is one 404, so
 * a report never confirms what exists, nor reads a stem, beyond what the learner was shown.
 */

export type StoredTarget = { subsectionId: number; questionId: null } | { subsectionId: null; questionId: number };

export const NOTHING_TO_REPORT = "There is no such lesson or question among those you can see.";

const hidden = (error: unknown) => (error instanceof AppError && (error.code === "conflict" || error.code === "not_found") ? new AppError("not_found", NOTHING_TO_REPORT) : error);

/** The subsection at a lesson's coordinates, or null. */
async function subsectionAt(db: DatabaseOrTransaction, courseId: number, sectionIndex: number, subsectionIndex: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT sub.id FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id
     WHERE s.course_id = ${courseId} AND s.position = ${sectionIndex} AND sub.position = ${subsectionIndex}`);
  return rows[0]?.id ?? null;
}

/** The course and section position of a quiz question, or null. */
async function questionPlace(db: DatabaseOrTransaction, questionId: number): Promise<{ courseId: number; sectionIndex: number } | null> {
  const { rows } = await db.execute<{ course_id: number; position: number }>(sql`
    SELECT s.course_id, s.position FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE q.id = ${questionId}`);
  const row = rows[0];
  return row ? { courseId: row.course_id, sectionIndex: row.position } : null;
}

/** A target as the caller (a learner) may see it; 404 otherwise. */
export async function learnerTarget(db: DatabaseOrTransaction, userId: number, target: ReportTarget): Promise<StoredTarget> {
  try {
    if ("questionId" in target) {
      const place = await questionPlace(db, target.questionId);
      if (!place) throw new AppError("not_found", NOTHING_TO_REPORT);
      await openSectionQuiz(db, userId, place.courseId, place.sectionIndex);
      // The answer carries the item's stem: a pool item never drawn for them stays unread.
      if (!(await wasShownItem(db, userId, target.questionId))) throw new AppError("not_found", NOTHING_TO_REPORT);
      return { subsectionId: null, questionId: target.questionId };
    }
    await openLesson(db, userId, target);
    const subsectionId = await subsectionAt(db, target.courseId, target.sectionIndex, target.subsectionIndex);
    if (subsectionId === null) throw new AppError("not_found", NOTHING_TO_REPORT);
    return { subsectionId, questionId: null };
  } catch (error) {
    throw hidden(error);
  }
}

/** A target as it is stored, whoever may see it (admins, and the caller's own list); null when there is none. */
export async function anyTarget(db: DatabaseOrTransaction, target: ReportTarget): Promise<StoredTarget | null> {
  if ("questionId" in target) return { subsectionId: null, questionId: target.questionId };
  const subsectionId = await subsectionAt(db, target.courseId, target.sectionIndex, target.subsectionIndex);
  return subsectionId === null ? null : { subsectionId, questionId: null };
}
