import "server-only";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import { capProgress, earnedProgress, MAX_PROGRESS, totalUnits, unitIndex, type CourseShape, touchCourse } from "../../catalogue";
import { lockSubsection } from "./items";
import { recordVersion } from "./versions";

/*
 * Adding or removing a lesson of a published course (docs/product-rules.md, "Review and
 * editing"). Learners' state is stored by position (lesson_reads, concept_mastery, tutor
 * conversations and quiz items by section and lesson index; enrolments by unit index and a
 * percentage), so every position at or after the change moves with it, in one transaction:
 * - reach: a learner's furthest unit moves with the lessons after the change, so they keep every
 *   lesson they reached; a lesson inserted before their furthest one opens to them (it is behind
 *   content they reached), and when the lesson they stood on is removed they stand on the one
 *   before it (the next one is not unlocked for them: no unearned progress);
 * - percentage: kept, but never above what their reach and passed quizzes earn on the new shape
 *   (lib/catalogue/course-shape/progress.ts, earnedProgress); a learner who passed every quiz keeps 100;
 * - reads of a removed lesson are deleted; mastery, tutor conversations and quiz items that named
 *   it point to the lesson that now stands in its place (or the section's last).
 */

async function shapeOf(tx: Transaction, courseId: number): Promise<{ ids: number[]; shape: number[] }> {
  // The course row's lock orders this change after any other change of its shape.
  await tx.execute(sql`SELECT id FROM courses WHERE id = ${courseId} FOR UPDATE`);
  const { rows } = await tx.execute<{ id: number; n: number }>(sql`
    SELECT s.id, count(sub.id)::int AS n FROM course_sections s LEFT JOIN course_subsections sub ON sub.section_id = s.id
     WHERE s.course_id = ${courseId} GROUP BY s.id, s.position ORDER BY s.position`);
  return { ids: rows.map((r) => r.id), shape: rows.map((r) => r.n) };
}

/** Moves the lesson indexes `from` and after, in section `sectionIndex` of the course, by `delta` (every table that stores one). */
async function shiftLessons(tx: Transaction, courseId: number, sectionId: number, sectionIndex: number, from: number, delta: 1 | -1) {
  // Unique keys on positions: park the moved rows on negative values, then bring them back.
  await tx.execute(sql`UPDATE course_subsections SET position = -(position + ${delta}) - 1 WHERE section_id = ${sectionId} AND position >= ${from}`);
  await tx.execute(sql`UPDATE course_subsections SET position = -position - 1 WHERE section_id = ${sectionId} AND position < 0`);
  await tx.execute(sql`UPDATE lesson_reads SET subsection_index = -(subsection_index + ${delta}) - 1 WHERE course_id = ${courseId} AND section_index = ${sectionIndex} AND subsection_index >= ${from}`);
  await tx.execute(sql`UPDATE lesson_reads SET subsection_index = -subsection_index - 1 WHERE course_id = ${courseId} AND section_index = ${sectionIndex} AND subsection_index < 0`);
  await tx.execute(sql`UPDATE concept_mastery SET subsection_index = subsection_index + ${delta} WHERE course_id = ${courseId} AND section_index = ${sectionIndex} AND subsection_index >= ${from}`);
  await tx.execute(sql`UPDATE tutor_conversations SET subsection_index = subsection_index + ${delta} WHERE course_id = ${courseId} AND section_index = ${sectionIndex} AND subsection_index >= ${from}`);
  await tx.execute(sql`UPDATE quiz_questions SET subsection_index = subsection_index + ${delta} WHERE section_id = ${sectionId} AND subsection_index >= ${from}`);
}

/** Maps every enrolment of the course from the old shape to the new one (see above). */
async function remapEnrolments(tx: Transaction, courseId: number, oldShape: CourseShape, newShape: CourseShape, boundary: number, delta: 1 | -1) {
  const { rows } = await tx.execute<{ user_id: number; progress: number; furthest_unit: number; passed: number }>(sql`
    SELECT e.user_id, e.progress, e.furthest_unit,
           (SELECT count(DISTINCT a.section_index)::int FROM quiz_attempts a WHERE a.user_id = e.user_id AND a.course_id = e.course_id AND a.passed) AS passed
      FROM enrollments e WHERE e.course_id = ${courseId} FOR UPDATE OF e`);
  for (const e of rows) {
    // A course read before reader positions were saved has its reach in the percentage only.
    const reach = Math.max(e.furthest_unit, Math.floor((capProgress(e.progress) * totalUnits(oldShape)) / MAX_PROGRESS));
    const furthest = reach >= boundary ? Math.max(0, reach + delta) : reach;
    const progress = e.progress >= MAX_PROGRESS ? e.progress : Math.min(e.progress, earnedProgress(newShape, furthest, e.passed));
    await tx.execute(sql`UPDATE enrollments SET furthest_unit = ${furthest}, progress = ${progress}, updated_at = now() WHERE user_id = ${e.user_id} AND course_id = ${courseId}`);
  }
}

/** Inserts a lesson at `position` of section `sectionIndex` (the lessons from there on move one down). Returns its id. */
export async function addLesson(db: Database, adminId: number, courseId: number, sectionIndex: number, position: number, lesson: { title: string; content: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const { ids, shape } = await shapeOf(tx, courseId);
    const sectionId = ids[sectionIndex];
    if (sectionId === undefined) throw new AppError("not_found", "This course has no such section.");
    if (position < 0 || position > shape[sectionIndex]!) throw new AppError("invalid", "A new lesson goes between the section's lessons or after the last.");
    const boundary = unitIndex(shape, { sectionIndex, subsectionIndex: position });
    await shiftLessons(tx, courseId, sectionId, sectionIndex, position, 1);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO course_subsections (section_id, position, title, content) VALUES (${sectionId}, ${position}, ${lesson.title}, ${lesson.content}) RETURNING id`);
    const newShape = shape.map((n, i) => (i === sectionIndex ? n + 1 : n));
    await remapEnrolments(tx, courseId, shape, newShape, boundary, 1);
    await recordVersion(tx, { courseId, item: { kind: "subsection", id: rows[0]!.id }, version: 0, kind: "added", before: null, after: lesson, by: adminId });
    await touchCourse(tx, courseId);
    return rows[0]!.id;
  });
}

/** Removes a lesson (not a section's only one); the lessons after it move one up. */
export async function removeLesson(db: Database, subsectionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sub = await lockSubsection(tx, subsectionId);
    const { shape } = await shapeOf(tx, sub.course_id);
    if (shape[sub.section_index]! <= 1) throw new AppError("conflict", "A section keeps at least one lesson: this is its only one.");
    const boundary = unitIndex(shape, { sectionIndex: sub.section_index, subsectionIndex: sub.position });
    await tx.execute(sql`DELETE FROM lesson_reads WHERE course_id = ${sub.course_id} AND section_index = ${sub.section_index} AND subsection_index = ${sub.position}`);
    // What named the removed lesson names the one that takes its place, or the section's new last.
    const replacement = sub.position < shape[sub.section_index]! - 1 ? sub.position + 1 : sub.position - 1;
    await tx.execute(sql`UPDATE concept_mastery SET subsection_index = ${replacement} WHERE course_id = ${sub.course_id} AND section_index = ${sub.section_index} AND subsection_index = ${sub.position}`);
    await tx.execute(sql`UPDATE tutor_conversations SET subsection_index = ${replacement} WHERE course_id = ${sub.course_id} AND section_index = ${sub.section_index} AND subsection_index = ${sub.position}`);
    await tx.execute(sql`UPDATE quiz_questions SET subsection_index = ${replacement} WHERE section_id = ${sub.section_id} AND subsection_index = ${sub.position}`);
    await tx.execute(sql`DELETE FROM course_subsections WHERE id = ${sub.id}`);
    await shiftLessons(tx, sub.course_id, sub.section_id, sub.section_index, sub.position + 1, -1);
    const newShape = shape.map((n, i) => (i === sub.section_index ? n - 1 : n));
    await remapEnrolments(tx, sub.course_id, shape, newShape, boundary, -1);
    // The lesson's own history goes with it (content_versions cascade).
    await touchCourse(tx, sub.course_id);
  });
}
