import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { CourseLength } from "../../../db/schema";

/*
 * About how long a learner's course has left to be written: what a second request meanwhile is
 * told ("ready in about 6 min"), and the card shows. The typical time is the median of this
 * server's last courses of the same length, from the request to its course's last model call
 * (written in one go: none that failed and were resumed); before there are any, a fixed guess.
 */

const HISTORY = 20;
const FIRST_GUESS_MINUTES: Record<CourseLength, number> = { short: 5, standard: 10, long: 15 };

/** Typical minutes from request to written, per length (one statement for every length asked). */
export async function typicalMinutes(db: DatabaseOrTransaction, lengths: CourseLength[]): Promise<Map<CourseLength, number>> {
  const wanted = [...new Set(lengths)];
  const typical = new Map<CourseLength, number>(wanted.map((l) => [l, FIRST_GUESS_MINUTES[l]]));
  if (!wanted.length) return typical;
  const { rows } = await db.execute<{ length: CourseLength; minutes: number | null }>(sql`
    SELECT w.length, (percentile_cont(0.5) WITHIN GROUP (ORDER BY w.seconds) / 60)::float AS minutes
      FROM unnest(${`{${wanted.join(",")}}`}::course_length[]) AS l(length)
      CROSS JOIN LATERAL (
        SELECT r.length, extract(epoch FROM (SELECT max(g.created_at) FROM generation_runs g WHERE g.course_id = r.course_id) - r.created_at) AS seconds
          FROM course_requests r JOIN courses c ON c.id = r.course_id
         WHERE r.length = l.length AND c.is_detail_created_by_ai AND c.generation_attempt = 1 AND r.failed_at IS NULL
         ORDER BY r.id DESC LIMIT ${HISTORY}) w
     GROUP BY w.length`);
  for (const row of rows) if (row.minutes !== null && row.minutes > 0) typical.set(row.length, row.minutes);
  return typical;
}

/** Whole minutes left (at least 1) of a course typically `typical` minutes long, started `startedAt`. */
export function minutesLeft(typical: number, startedAt: Date, now = new Date()): number {
  return Math.max(1, Math.ceil(typical - (now.getTime() - startedAt.getTime()) / 60_000));
}
