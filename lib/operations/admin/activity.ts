import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { DashboardActivity } from "./responses";

/*
 * GET /dashboard/stats/activity (docs/product-rules.md, Admin analytics), beside the figures of
 * GET /dashboard/stats, over a range of 7, 30 or 90 UTC days ending today:
 * - an active learner (role user) is one who read a lesson (a learning_activity quarter hour) or
 *   took a quiz that day; daily and weekly counts are of distinct learners, a week being an ISO
 *   week (from Monday) counted over its days inside the range;
 * - the funnel follows the enrolments made in the range: enrolled, then those whose learner passed
 *   at least one quiz of that course (any time since), then those completed;
 * - quizzes attempted and passed in the range, named as such.
 * Every range scan reads an index on its time column (learning_activity_at_idx,
 * quiz_attempts_created_at_idx, enrollments_enrolled_at_idx); the funnel's quiz check reads
 * quiz_attempts_user_course_section_idx.
 */

type Row = {
  from: string;
  to: string;
  active: number;
  daily: { date: string; count: number }[];
  weekly: { week_start: string; count: number }[];
  enrolled: number;
  first_quiz_passed: number;
  completed: number;
  attempted: number;
  passed: number;
};

/** The analytics over `days` UTC days ending on `now`'s day (`now` fixes "today" for tests). */
export async function getDashboardActivity(db: DatabaseOrTransaction, days: number, now: Date = new Date()): Promise<DashboardActivity> {
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const result = await db.execute<Row>(sql`
    WITH bounds AS (
      SELECT ${today} - make_interval(days => ${days - 1}) AS first_day, ${today} AS last_day
    ),
    span AS (
      SELECT (first_day AT TIME ZONE 'UTC') AS since, ((last_day + interval '1 day') AT TIME ZONE 'UTC') AS until FROM bounds
    ),
    active AS (
      SELECT DISTINCT a.user_id, date_trunc('day', a.at AT TIME ZONE 'UTC') AS d
      FROM learning_activity a, span WHERE a.at >= span.since AND a.at < span.until
      UNION
      SELECT DISTINCT q.user_id, date_trunc('day', q.created_at AT TIME ZONE 'UTC') AS d
      FROM quiz_attempts q, span WHERE q.created_at >= span.since AND q.created_at < span.until
    ),
    learners AS (
      SELECT active.user_id, active.d FROM active JOIN users u ON u.id = active.user_id WHERE u.role = 'user'
    ),
    days AS (SELECT d FROM bounds, generate_series(first_day, last_day, interval '1 day') AS d),
    weeks AS (SELECT DISTINCT date_trunc('week', d) AS w FROM days),
    funnel AS (
      SELECT count(*)::int AS enrolled,
             count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM quiz_attempts q WHERE q.user_id = e.user_id AND q.course_id = e.course_id AND q.passed
             ))::int AS first_quiz_passed,
             count(*) FILTER (WHERE e.completed_at IS NOT NULL)::int AS completed
      FROM enrollments e JOIN users u ON u.id = e.user_id, span
      WHERE e.enrolled_at >= span.since AND e.enrolled_at < span.until AND u.role = 'user'
    ),
    quizzes AS (
      SELECT count(*)::int AS attempted, count(*) FILTER (WHERE q.passed)::int AS passed
      FROM quiz_attempts q, span WHERE q.created_at >= span.since AND q.created_at < span.until
    )
    SELECT
      (SELECT to_char(first_day, 'YYYY-MM-DD') FROM bounds) AS "from",
      (SELECT to_char(last_day, 'YYYY-MM-DD') FROM bounds) AS "to",
      (SELECT count(DISTINCT user_id)::int FROM learners) AS active,
      (SELECT json_agg(json_build_object('date', to_char(days.d, 'YYYY-MM-DD'),
              'count', (SELECT count(DISTINCT l.user_id) FROM learners l WHERE l.d = days.d)) ORDER BY days.d) FROM days) AS daily,
      (SELECT json_agg(json_build_object('week_start', to_char(weeks.w, 'YYYY-MM-DD'),
              'count', (SELECT count(DISTINCT l.user_id) FROM learners l WHERE date_trunc('week', l.d) = weeks.w)) ORDER BY weeks.w) FROM weeks) AS weekly,
      funnel.enrolled, funnel.first_quiz_passed, funnel.completed,
      quizzes.attempted, quizzes.passed
    FROM funnel, quizzes
  `);
  const row = result.rows[0]!;
  return {
    days,
    from: row.from,
    to: row.to,
    active_learners: row.active,
    daily_active_learners: row.daily,
    weekly_active_learners: row.weekly,
    funnel: { enrolled: row.enrolled, first_quiz_passed: row.first_quiz_passed, completed: row.completed },
    quizzes_attempted: row.attempted,
    quizzes_passed: row.passed,
  };
}
