import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";

/** How far back the dashboard looks: a year of days, more than any streak shown needs in practice. */
const HISTORY_DAYS = 400;

/**
 * The quarter hours in which the learner read (learning_activity) or took a quiz (quiz_attempts),
 * newest first, as ISO instants: the browser turns them into days in the learner's time zone.
 */
export async function learningInstants(db: DatabaseOrTransaction, userId: number): Promise<string[]> {
  const { rows } = await db.execute<{ at: string }>(sql`
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM (
      SELECT at FROM learning_activity WHERE user_id = ${userId} AND at > now() - make_interval(days => ${HISTORY_DAYS})
      UNION
      SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01T00:00:00Z') FROM quiz_attempts
       WHERE user_id = ${userId} AND created_at > now() - make_interval(days => ${HISTORY_DAYS})
    ) a ORDER BY at DESC`);
  return rows.map((r) => r.at);
}

/** Whether the learner has done anything yet: enrolled, read or taken a quiz (else it is their first visit). */
export async function hasLearnedBefore(db: DatabaseOrTransaction, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM enrollments WHERE user_id = ${userId})
        OR EXISTS (SELECT 1 FROM learning_activity WHERE user_id = ${userId})
        OR EXISTS (SELECT 1 FROM quiz_attempts WHERE user_id = ${userId}) AS any`);
  return rows[0]?.any === true;
}
