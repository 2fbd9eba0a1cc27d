import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { AppError } from "./http/app-error";

/*
 * Fixed-window counters in PostgreSQL (table rate_limits), so every app instance shares them.
 * One atomic upsert per hit: parallel requests cannot slip past the limit. A hit counts before
 * the work it guards (a password check, a code e-mail), so a burst of parallel requests gets at
 * most `max` of that work; a caller that turns out not to need the hit (a correct password)
 * releases it.
 */

export type Limit = { name: string; max: number; windowSeconds: number };

export const LIMITS = {
  loginFailuresPerEmail: { name: "login-fail:email", max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { name: "login-fail:ip", max: 100, windowSeconds: 15 * 60 },
  sendCodePerEmail: { name: "send-code:email", max: 5, windowSeconds: 60 * 60 },
  sendCodePerIp: { name: "send-code:ip", max: 50, windowSeconds: 60 * 60 },
  verifyCodePerEmail: { name: "verify-code:email", max: 10, windowSeconds: 15 * 60 },
  verifyCodePerIp: { name: "verify-code:ip", max: 100, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

function keyOf(limit: Limit, subject: string) {
  return `${limit.name}:${subject}`;
}

export type Hit = { count: number; retryAfterSeconds: number; over: boolean };

/** Counts one hit and says where the window stands; throws nothing. */
export async function countHit(limit: Limit, subject: string): Promise<Hit> {
  const result = await getDb().execute<{ count: number; retry_after: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${keyOf(limit, subject)}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int AS retry_after`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  return { count, retryAfterSeconds: Number(row.retry_after), over: count > limit.max };
}

/** Gives back a hit that turned out not to count (the window it was taken in, if still open). */
export async function releaseHit(limit: Limit, subject: string): Promise<void> {
  await getDb().execute(sql`
    UPDATE rate_limits SET count = count - 1
    WHERE key = ${keyOf(limit, subject)} AND count > 0
      AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
}

export function tooMany(retryAfterSeconds: number, message = TOO_MANY): AppError {
  return new AppError("rate_limited", message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** Counts one hit and throws 429 once the window's limit is exceeded. */
export async function hitLimit(limit: Limit, subject: string, message = TOO_MANY): Promise<void> {
  const hit = await countHit(limit, subject);
  if (hit.over) throw tooMany(hit.retryAfterSeconds, message);
}

const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowSeconds));

/** Deletes counters whose window is over (the maintenance job runs this); returns how many. */
export async function pruneRateLimits(): Promise<number> {
  const result = await getDb().execute(sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`);
  return result.rowCount ?? 0;
}
