import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { ReportTarget } from "./schemas";
import type { MyReport } from "./responses";
import { anyTarget, type StoredTarget } from "./target";

/*
 * A learner's own reports with where they are and whether an admin handled them
 * (docs/product-rules.md, "Reports"): the item's question text at most, never its options or key.
 * One query, on content_reports_user_created_idx (or, for one target, the learner's rows on it).
 */

/** How many of their reports a learner's list shows, newest first. */
export const MY_REPORTS_SHOWN = 50;

type Row = {
  id: number;
  kind: "lesson" | "question";
  course_id: number;
  course_title: string;
  section_index: number;
  subsection_index: number | null;
  question_id: number | null;
  title: string;
  reason: MyReport["reason"];
  note: string | null;
  resolution: MyReport["resolution"];
  outcome: MyReport["outcome"];
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

async function query(db: DatabaseOrTransaction, userId: number, where: SQL): Promise<MyReport[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT r.id, CASE WHEN r.question_id IS NULL THEN 'lesson' ELSE 'question' END AS kind,
           c.id AS course_id, c.title AS course_title, s.position AS section_index, sub.position AS subsection_index,
           r.question_id, coalesce(sub.title, q.question) AS title, r.reason, r.note, r.resolution, r.outcome,
           r.created_at, r.updated_at, r.resolved_at
      FROM content_reports r
      LEFT JOIN course_subsections sub ON sub.id = r.subsection_id
      LEFT JOIN quiz_questions q ON q.id = r.question_id
      JOIN course_sections s ON s.id = coalesce(sub.section_id, q.section_id)
      JOIN courses c ON c.id = s.course_id
     WHERE r.user_id = ${userId} AND ${where}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${MY_REPORTS_SHOWN}`);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    course_id: r.course_id,
    course_title: r.course_title,
    section_index: r.section_index,
    subsection_index: r.subsection_index,
    question_id: r.question_id,
    title: r.title,
    reason: r.reason,
    note: r.note,
    status: r.resolved_at === null ? "open" : "handled",
    resolution: r.resolution,
    outcome: r.outcome,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
  }));
}

export function onTarget(target: StoredTarget): SQL {
  return target.questionId !== null ? sql`r.question_id = ${target.questionId}` : sql`r.subsection_id = ${target.subsectionId}`;
}

/** The caller's reports, newest first; on one target when named (none when it does not exist). */
export async function listMyReports(db: DatabaseOrTransaction, userId: number, target: ReportTarget | null = null): Promise<MyReport[]> {
  if (!target) return query(db, userId, sql`TRUE`);
  const stored = await anyTarget(db, target);
  return stored ? query(db, userId, onTarget(stored)) : [];
}

/** One of the caller's reports by id. */
export async function myReport(db: DatabaseOrTransaction, userId: number, reportId: number): Promise<MyReport> {
  const [report] = await query(db, userId, sql`r.id = ${reportId}`);
  return report!;
}
