import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";

/**
 * "Download my data": every report of the learner with where it is and how it was handled. The
 * admin's note and who resolved it are about the content, not the learner, and stay out; so does
 * any answer key (docs/product-rules.md, "Reports").
 */
export async function exportReports(db: DatabaseOrTransaction, userId: number): Promise<Record<string, unknown>[]> {
  const { rows } = await db.execute(sql`
    SELECT r.id, c.id AS course_id, c.title AS course_title, s.position AS section_index, sub.position AS subsection_index,
           r.question_id, coalesce(sub.title, q.question) AS title, r.reason, r.note, r.resolution, r.outcome, r.resolved_at, r.created_at, r.updated_at
      FROM content_reports r
      LEFT JOIN course_subsections sub ON sub.id = r.subsection_id
      LEFT JOIN quiz_questions q ON q.id = r.question_id
      JOIN course_sections s ON s.id = coalesce(sub.section_id, q.section_id)
      JOIN courses c ON c.id = s.course_id
     WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`);
  return rows;
}
