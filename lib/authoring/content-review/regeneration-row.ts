import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import type { Regeneration } from "./responses";

/* content_regenerations rows as the API shows them (lib/authoring/content-review/responses.ts). */

type Row = {
  id: number;
  subsection_id: number | null;
  question_id: number | null;
  status: Regeneration["status"];
  instruction: string | null;
  error: string | null;
  replacement_id: number | null;
  before: unknown;
  after: unknown;
  created_at: string | Date;
  finished_at: string | Date | null;
  decided_at: string | Date | null;
};

const COLUMNS = sql.raw("id, subsection_id, question_id, status, instruction, error, replacement_id, before, after, created_at, finished_at, decided_at");

const iso = (value: string | Date) => new Date(value).toISOString();

export function regenerationOf(r: Row): Regeneration {
  return {
    id: r.id,
    kind: r.question_id !== null ? "question" : "subsection",
    item_id: (r.question_id ?? r.subsection_id)!,
    status: r.status,
    instruction: r.instruction,
    error: r.error,
    replacement_id: r.replacement_id,
    before: (r.before ?? null) as Regeneration["before"],
    after: (r.after ?? null) as Regeneration["after"],
    created_at: iso(r.created_at),
    finished_at: r.finished_at === null ? null : iso(r.finished_at),
    decided_at: r.decided_at === null ? null : iso(r.decided_at),
  };
}

/** A course's regenerations, newest first (the screen polls these while one is pending). */
export async function listRegenerations(db: DatabaseOrTransaction, courseId: number): Promise<Regeneration[]> {
  const { rows: course } = await db.execute(sql`SELECT 1 FROM courses WHERE id = ${courseId}`);
  if (!course.length) throw new AppError("not_found", "Course not found.");
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} FROM content_regenerations WHERE course_id = ${courseId} ORDER BY created_at DESC, id DESC LIMIT 200`);
  return rows.map(regenerationOf);
}

/** One regeneration as the API shows it, or null. */
export async function regenerationById(db: DatabaseOrTransaction, id: number): Promise<Regeneration | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} FROM content_regenerations WHERE id = ${id}`);
  return rows[0] ? regenerationOf(rows[0]) : null;
}
