import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { getEnv } from "../../platform/env";
import { AppError } from "../../platform/http/app-error";
import { formatWait, secondsUntil } from "./wait-text";

/*
 * The server-wide cap on learner-requested generation (docs/product-rules.md, "Course requests"):
 * PERSONAL_COURSES_SERVER_DAILY_TOKENS, the tokens (prompt + answer) every model call made for
 * learners' own courses may use per UTC day, all learners together, as TUTOR_SERVER_DAILY_TOKENS
 * is for the tutor. The generation log (generation_runs) already has every call's tokens: a call
 * counts when its course was requested by a learner, or when it planned a request (before its
 * course existed). New requests and resumes are refused once the day's use reaches the cap; the
 * courses being written then are finished, so the day may pass it by what those take.
 */

export type PersonalGenerationUse = { tokens_today: number; tokens_per_day: number; resets_at: string };

const nextUtcMidnight = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

/** Today's (UTC) tokens of learner-requested generation, and the cap. */
export async function personalGenerationUse(db: DatabaseOrTransaction, now = new Date()): Promise<PersonalGenerationUse> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await db.execute<{ tokens: string }>(sql`
    SELECT coalesce(sum(r.prompt_tokens + r.completion_tokens), 0)::bigint AS tokens
      FROM generation_runs r LEFT JOIN courses c ON c.id = r.course_id
     WHERE r.created_at >= ${day.toISOString()}::timestamptz
       AND (c.requested_by IS NOT NULL OR r.course_request_id IS NOT NULL)`);
  return { tokens_today: Number(rows[0]?.tokens ?? 0), tokens_per_day: getEnv().PERSONAL_COURSES_SERVER_DAILY_TOKENS, resets_at: nextUtcMidnight(now).toISOString() };
}

/** 429 with Retry-After (to UTC midnight) once today's learner-requested generation has used the cap. */
export async function assertServerCapLeft(db: DatabaseOrTransaction, now = new Date()): Promise<void> {
  const use = await personalGenerationUse(db, now);
  if (use.tokens_today < use.tokens_per_day) return;
  const retryAfterSeconds = secondsUntil(new Date(use.resets_at), now);
  throw new AppError("rate_limited", `Course writing for learners has reached this server's limit for today. You can ask again in ${formatWait(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
}
