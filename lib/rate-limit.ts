import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { AppError } from "./http/app-error";

/*
 * Fixed-window counters in PostgreSQL (table rate_limits), so every app instance shares them.
 * One atomic upsert per hit: parallel requests cannot slip past the limit.
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

const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

function keyOf(limit: Limit, subject: string) {
  return `${limit.name}:${subject}`;
}

/** Counts one hit and throws 429 once the window's limit is exceeded. */
export async function hitLimit(limit: Limit, subject: string, message = TOO_MANY): Promise<void> {
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
  if (Number(row.count) > limit.max) {
    throw new AppError("rate_limited", message, { retryAfterSeconds: Number(row.retry_after) });
  }
}

/** Throws 429 if the subject already used up the window, without counting a hit. */
export async function checkLimit(limit: Limit, subject: string, message = TOO_MANY): Promise<void> {
  const result = await getDb().execute<{ count: number; retry_after: number }>(sql`
    SELECT count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int AS retry_after
    FROM rate_limits
    WHERE key = ${keyOf(limit, subject)} AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
  const row = result.rows[0];
  if (row && Number(row.count) >= limit.max) {
    throw new AppError("rate_limited", message, { retryAfterSeconds: Number(row.retry_after) });
  }
}

/** Takes back one hit of the current window (for a request refused after it was counted). */
export async function refundHit(limit: Limit, subject: string): Promise<void> {
  await getDb().execute(sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${keyOf(limit, subject)} AND count > 0`);
}

/** Old windows are dead weight; the worker can call this now and then. */
export async function pruneRateLimits(olderThanSeconds = 24 * 60 * 60): Promise<void> {
  await getDb().execute(sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanSeconds})`);
}
