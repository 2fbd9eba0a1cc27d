import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { getEnv } from "../../platform/env";
import { AppError } from "../../platform/http/app-error";
import type { RequestQuota } from "./responses";
import { formatWait, secondsUntil } from "./wait-text";

/*
 * A course written for one learner costs model calls: each learner may make
 * PERSONAL_COURSES_PER_DAY requests in any 24 hours (docs/product-rules.md, "Course requests").
 * The count is the learner's course_requests rows of the last 24 hours, read under the lock that
 * takes the new one (./ask.ts), so parallel calls cannot pass it and it holds across every app
 * instance. A request refused for any reason leaves no row and costs nothing; resuming a failed
 * one makes no row either: a failure of ours never costs the learner a request.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The learner's day: requests left and, when none is, when the next one may be made. */
export async function quotaOf(db: DatabaseOrTransaction, userId: number): Promise<RequestQuota> {
  const perDay = getEnv().PERSONAL_COURSES_PER_DAY;
  const { rows } = await db.execute<{ created_at: string }>(
    sql`SELECT created_at::text FROM course_requests WHERE user_id = ${userId} AND created_at > now() - interval '24 hours' ORDER BY created_at`,
  );
  const left = Math.max(0, perDay - rows.length);
  // The request whose 24 hours end first among those that fill the day.
  const frees = perDay > 0 && left === 0 ? rows[rows.length - perDay] : undefined;
  return { per_day: perDay, left, next_at: frees ? new Date(new Date(frees.created_at).getTime() + DAY_MS).toISOString() : null };
}

/** 429 with Retry-After and when to ask again ("in 3 h 20 min") once the day's requests are used. */
export function assertQuotaLeft(quota: RequestQuota): void {
  if (quota.left > 0) return;
  if (!quota.next_at) throw new AppError("rate_limited", "This server takes no course requests from learners.", { retryAfterSeconds: DAY_MS / 1000 });
  const retryAfterSeconds = secondsUntil(new Date(quota.next_at));
  throw new AppError("rate_limited", `You can ask for ${quota.per_day} personal courses a day. You can ask again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}
