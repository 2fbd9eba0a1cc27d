import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

/*
 * A fingerprint of every table a request could write (rate_limits excluded: refused logins and
 * code requests count there on purpose). Each table contributes its row count and an
 * order-independent sum of per-row hashes, so any insert, update or delete changes it.
 */

export const MUTABLE_TABLES = [
  "users",
  "topics",
  "courses",
  "course_sections",
  "course_subsections",
  "quiz_questions",
  "user_topics",
  "enrollments",
  "quiz_attempts",
  "quiz_answers",
  "review_cards",
  "concept_mastery",
  "verifications",
  "generation_sections",
  "generation_parts",
  "generation_live_calls",
  "generation_runs",
  "learning_activity",
  "certificates",
  "sessions",
  "two_factors",
  "two_factor_recoveries",
  "accounts",
  "sources",
  "source_files",
  "source_passages",
  "content_reports",
  "question_flag_reviews",
  "content_versions",
  "content_regenerations",
  "notifications",
  "tutor_streams",
] as const;

const query = sql.raw(
  `SELECT ${MUTABLE_TABLES.map(
    (table) =>
      `(SELECT count(*) || ':' || coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0) FROM ${table} t) AS "${table}"`,
  ).join(", ")}`,
);

export type Fingerprint = Record<(typeof MUTABLE_TABLES)[number], string>;

export async function fingerprint(): Promise<Fingerprint> {
  const result = await getDb().execute<Fingerprint>(query);
  return result.rows[0]!;
}
