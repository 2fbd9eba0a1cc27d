import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { DashboardStats, TopicAttempts } from "./responses";

/*
 * GET /dashboard/stats (docs/product-rules.md, Admin analytics), in one SQL statement:
 * - user_count: every account (learners and admins); topic_count: every topic.
 * - quiz_count: section quizzes taken (quiz attempts); passed_quizzes: those passed (every answer right);
 *   completion_rate: passed_quizzes / quiz_count in percent, one decimal (0 with no attempts).
 * - daily_new_users: accounts created on each of the last 7 UTC days, oldest first, today last,
 *   days without sign-ups included with count 0.
 * - most_attempted / least_attempted: topics ranked by user_count, the number of distinct learners
 *   enrolled in at least one of the topic's courses (ties by title); topics nobody started count 0.
 * The totals and the per-topic learner counts come from summaries that triggers keep in the same
 * transaction as every write (stats_counters, topic_learner_counts: see the migration
 * 0006_admin_summaries), so the answer is exact as of the request and reads a few hundred rows,
 * whatever the number of attempts and enrolments; the daily sign-ups use users_created_at_idx.
 */

export const STATS_DAYS = 7;
export const TOPIC_RANK_LIMIT = 3;

type StatsRow = {
  user_count: number;
  topic_count: number;
  quiz_count: number;
  passed_quizzes: number;
  daily_new_users: { date: string; count: number }[];
  most_attempted: TopicAttempts[];
  least_attempted: TopicAttempts[];
};

export function completionRate(passed: number, total: number): number {
  return total === 0 ? 0 : Math.round((passed / total) * 1000) / 10;
}

/** The admin's analytics; `now` fixes "today" (UTC) for tests. */
export async function getDashboardStats(db: DatabaseOrTransaction, now: Date = new Date()): Promise<DashboardStats> {
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const result = await db.execute<StatsRow>(sql`
    WITH days AS (
      SELECT d FROM generate_series(${today} - make_interval(days => ${STATS_DAYS - 1}), ${today}, interval '1 day') AS d
    ),
    daily AS (
      SELECT days.d,
             (SELECT count(*)::int FROM users u
               WHERE u.created_at >= (days.d AT TIME ZONE 'UTC')
                 AND u.created_at < ((days.d + interval '1 day') AT TIME ZONE 'UTC')) AS n
      FROM days
    ),
    per_topic AS (
      SELECT t.id, t.title, coalesce(l.user_count, 0) AS user_count
      FROM topics t
      LEFT JOIN topic_learner_counts l ON l.topic_id = t.id
    ),
    counters AS (
      SELECT coalesce(sum(value) FILTER (WHERE name = 'users'), 0)::int AS users,
             coalesce(sum(value) FILTER (WHERE name = 'quiz_attempts'), 0)::int AS attempts,
             coalesce(sum(value) FILTER (WHERE name = 'quiz_attempts_passed'), 0)::int AS passed
      FROM stats_counters
    ),
    most AS (SELECT title, user_count FROM per_topic ORDER BY user_count DESC, title, id LIMIT ${TOPIC_RANK_LIMIT}),
    least AS (SELECT title, user_count FROM per_topic ORDER BY user_count ASC, title, id LIMIT ${TOPIC_RANK_LIMIT})
    SELECT
      (SELECT users FROM counters) AS user_count,
      (SELECT count(*)::int FROM topics) AS topic_count,
      (SELECT attempts FROM counters) AS quiz_count,
      (SELECT passed FROM counters) AS passed_quizzes,
      (SELECT json_agg(json_build_object('date', to_char(d, 'YYYY-MM-DD'), 'count', n) ORDER BY d) FROM daily) AS daily_new_users,
      (SELECT coalesce(json_agg(json_build_object('title', title, 'user_count', user_count) ORDER BY user_count DESC, title), '[]'::json) FROM most) AS most_attempted,
      (SELECT coalesce(json_agg(json_build_object('title', title, 'user_count', user_count) ORDER BY user_count ASC, title), '[]'::json) FROM least) AS least_attempted
  `);
  const row = result.rows[0]!;
  return {
    user_count: row.user_count,
    topic_count: row.topic_count,
    quiz_count: row.quiz_count,
    passed_quizzes: row.passed_quizzes,
    completion_rate: completionRate(row.passed_quizzes, row.quiz_count),
    daily_new_users: row.daily_new_users,
    most_attempted: row.most_attempted,
    least_attempted: row.least_attempted,
  };
}
