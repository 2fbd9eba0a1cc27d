import "server-only";
import { sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { listConceptMastery } from "../mastery/list-mastery";

export type SectionResult = { section_index: number; best_score: number | null; total: number | null; attempts: number };
export type CourseCompletion = {
  completed_at: string;
  /** Quarter hours with reading or a quiz in this course, times 15: an estimate of the time spent. */
  minutes_spent: number;
  sections: SectionResult[];
  /** The course's concepts the learner has mastered (lib/practice/mastery), and how many concepts it has. */
  concepts: { mastered: string[]; total: number };
  /** The name on the certificate, as issued. */
  learner_name: string;
  /** The certificate's verification id: its public address, /certificates/<id> (certificatePath). */
  verification_id: string;
  /** The course was written for this learner (a personal course). */
  personal: boolean;
};

/**
 * A certificate's verification id as the database draws it (db/schema.ts): 22 base64url
 * characters, 128 random bits. Anything else is not looked up at all.
 */
const VERIFICATION_ID = /^[A-Za-z0-9_-]{22}$/;

/** The public, shareable address of a certificate. */
export const certificatePath = (verificationId: string) => `/certificates/${verificationId}`;

/**
 * What a learner achieved in a course they finished (enrollments.completed_at set), with the id of
 * its certificate, issued here the first time: null when the course is not finished.
 */
export async function courseCompletion(db: Database, userId: number, courseId: number): Promise<CourseCompletion | null> {
  const { rows } = await db.execute<{ completed_at: string | null; personal: boolean }>(
    sql`SELECT e.completed_at::text, c.requested_by IS NOT NULL AS personal FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.user_id = ${userId} AND e.course_id = ${courseId}`,
  );
  const completedAt = rows[0]?.completed_at;
  if (!completedAt) return null;

  const [certificate, sections, time, concepts] = await Promise.all([
    db.execute<{ verification_id: string; learner_name: string }>(sql`
      WITH issued AS (
        INSERT INTO certificates (user_id, course_id, learner_name)
        SELECT ${userId}, ${courseId}, trim(first_name || ' ' || last_name) FROM users WHERE id = ${userId}
        ON CONFLICT (user_id, course_id) DO NOTHING RETURNING verification_id, learner_name
      )
      SELECT verification_id, learner_name FROM issued UNION ALL SELECT verification_id, learner_name FROM certificates WHERE user_id = ${userId} AND course_id = ${courseId}`),
    db.execute<{ section_index: number; best_score: number | null; total: number | null; attempts: number }>(sql`
      SELECT section_index, max(score) FILTER (WHERE passed) AS best_score, max(total) FILTER (WHERE passed) AS total, count(*)::int AS attempts
        FROM quiz_attempts WHERE user_id = ${userId} AND course_id = ${courseId} GROUP BY section_index ORDER BY section_index`),
    db.execute<{ quarters: number }>(sql`
      SELECT count(*)::int AS quarters FROM (
        SELECT at FROM learning_activity WHERE user_id = ${userId} AND course_id = ${courseId}
        UNION
        SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01T00:00:00Z') FROM quiz_attempts WHERE user_id = ${userId} AND course_id = ${courseId}
      ) q`),
    listConceptMastery(db, userId, courseId),
  ]);
  const issued = certificate.rows[0]!;
  return {
    completed_at: new Date(completedAt).toISOString(),
    minutes_spent: (time.rows[0]?.quarters ?? 0) * 15,
    sections: sections.rows,
    concepts: { mastered: concepts.filter((c) => c.level === "mastered").map((c) => c.concept), total: concepts.length },
    learner_name: issued.learner_name,
    verification_id: issued.verification_id,
    personal: rows[0]!.personal,
  };
}

/**
 * What a certificate shows: never the learner's e-mail or account, only the name as issued.
 * `personal`: the course was written for this learner (docs/product-rules.md, "Course requests"):
 * its title is the course's written title, and the certificate says it is a personal course.
 */
export type Certificate = { learner_name: string; course_title: string; course_level: string; completed_at: string; verification_id: string; personal: boolean };

/** An admin's view of a certificate: hidden or not, and the course to hide it by. */
export type AdminCertificate = { certificate: Certificate; course_id: number; hidden: boolean };

async function loadCertificate(db: DatabaseOrTransaction, id: string): Promise<(AdminCertificate & { certificate: Certificate }) | null> {
  if (!VERIFICATION_ID.test(id)) return null;
  const { rows } = await db.execute<Omit<Certificate, "personal"> & { personal: boolean; course_id: number; hidden: boolean }>(sql`
    SELECT cert.learner_name, cert.verification_id, c.title AS course_title, c.level::text AS course_level,
           coalesce(e.completed_at, cert.issued_at)::text AS completed_at, c.requested_by IS NOT NULL AS personal,
           c.id AS course_id, cert.hidden_at IS NOT NULL AS hidden
      FROM certificates cert
      JOIN courses c ON c.id = cert.course_id
      LEFT JOIN enrollments e ON e.user_id = cert.user_id AND e.course_id = cert.course_id
     WHERE cert.verification_id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  const { course_id, hidden, ...shown } = row;
  return { certificate: { ...shown, completed_at: new Date(row.completed_at).toISOString() }, course_id, hidden };
}

/**
 * A certificate as its public page shows it, with the name as issued, by its verification id
 * (compared exactly: base64url is case-sensitive, and every character counts); null for anything
 * else, the row's own uuid included, and for a certificate an admin hid.
 */
export async function certificateByVerificationId(db: DatabaseOrTransaction, id: string): Promise<Certificate | null> {
  const loaded = await loadCertificate(db, id);
  return loaded && !loaded.hidden ? loaded.certificate : null;
}

/** The same for an admin, hidden ones included (to hide it, or show it again). */
export async function certificateForAdmin(db: DatabaseOrTransaction, id: string): Promise<AdminCertificate | null> {
  return loadCertificate(db, id);
}
