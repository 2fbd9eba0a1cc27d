import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

export type SectionResult = { section_index: number; best_score: number | null; total: number | null; attempts: number };
export type CourseCompletion = {
  completed_at: string;
  /** Quarter hours with reading or a quiz in this course, times 15: an estimate of the time spent. */
  minutes_spent: number;
  sections: SectionResult[];
  certificate_id: string;
};

/**
 * What a learner achieved in a course they finished (enrollments.completed_at set), with the id of
 * its certificate, issued here the first time: null when the course is not finished.
 */
export async function courseCompletion(userId: number, courseId: number): Promise<CourseCompletion | null> {
  const db = getDb();
  const { rows } = await db.execute<{ completed_at: string | null }>(
    sql`SELECT completed_at::text FROM enrollments WHERE user_id = ${userId} AND course_id = ${courseId}`,
  );
  const completedAt = rows[0]?.completed_at;
  if (!completedAt) return null;

  const [certificate, sections, time] = await Promise.all([
    db.execute<{ id: string }>(sql`
      WITH issued AS (
        INSERT INTO certificates (user_id, course_id, learner_name)
        SELECT ${userId}, ${courseId}, trim(first_name || ' ' || last_name) FROM users WHERE id = ${userId}
        ON CONFLICT (user_id, course_id) DO NOTHING RETURNING id
      )
      SELECT id FROM issued UNION ALL SELECT id FROM certificates WHERE user_id = ${userId} AND course_id = ${courseId}`),
    db.execute<{ section_index: number; best_score: number | null; total: number | null; attempts: number }>(sql`
      SELECT section_index, max(score) FILTER (WHERE passed) AS best_score, max(total) FILTER (WHERE passed) AS total, count(*)::int AS attempts
        FROM quiz_attempts WHERE user_id = ${userId} AND course_id = ${courseId} GROUP BY section_index ORDER BY section_index`),
    db.execute<{ quarters: number }>(sql`
      SELECT count(*)::int AS quarters FROM (
        SELECT at FROM learning_activity WHERE user_id = ${userId} AND course_id = ${courseId}
        UNION
        SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01T00:00:00Z') FROM quiz_attempts WHERE user_id = ${userId} AND course_id = ${courseId}
      ) q`),
  ]);
  return {
    completed_at: new Date(completedAt).toISOString(),
    minutes_spent: (time.rows[0]?.quarters ?? 0) * 15,
    sections: sections.rows,
    certificate_id: certificate.rows[0]!.id,
  };
}

export type Certificate = { learner_name: string; course_title: string; course_level: string; completed_at: string };

/** A certificate as its public page shows it, with the name as issued; null for an unknown id (or not a uuid at all). */
export async function certificateById(id: string): Promise<Certificate | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await getDb().execute<Certificate>(sql`
    SELECT cert.learner_name, c.title AS course_title, c.level::text AS course_level,
           coalesce(e.completed_at, cert.issued_at)::text AS completed_at
      FROM certificates cert
      JOIN courses c ON c.id = cert.course_id
      LEFT JOIN enrollments e ON e.user_id = cert.user_id AND e.course_id = cert.course_id
     WHERE cert.id = ${id}`);
  const row = rows[0];
  return row ? { ...row, completed_at: new Date(row.completed_at).toISOString() } : null;
}
