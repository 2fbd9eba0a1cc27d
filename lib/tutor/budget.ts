import "server-only";
import { fixedStatement, getDb, runFixed, type DatabaseOrTransaction } from "../../db/client";
import { getEnv } from "../env";
import { AppError } from "../http/app-error";
import type { LlmUsage } from "../llm/client";

/*
 * The tutor's daily budgets (docs/tutor.md, "Limits and cost"): tokens per learner per UTC day
 * (TUTOR_DAILY_TOKENS) and for the whole server (TUTOR_SERVER_DAILY_TOKENS), so that free
 * sign-ups cannot drain the operator's key. A turn is allowed while the day's use is under both;
 * its tokens are added when it ends, so one turn may pass the line by at most one reply.
 */

export type Budget = { tokens_left: number; daily_tokens: number; resets_at: string };

const USED = fixedStatement(
  "tutor_used_today",
  `SELECT coalesce(sum(prompt_tokens + completion_tokens) FILTER (WHERE user_id = $2), 0)::bigint AS mine,
          coalesce(sum(prompt_tokens + completion_tokens), 0)::bigint AS everyone
     FROM tutor_usage WHERE day = $1`,
);
const RECORD = fixedStatement(
  "tutor_record_usage",
  `INSERT INTO tutor_usage (day, user_id, turns, prompt_tokens, completion_tokens) VALUES ($1, $2, 1, $3, $4)
   ON CONFLICT (day, user_id) DO UPDATE SET turns = tutor_usage.turns + 1,
     prompt_tokens = tutor_usage.prompt_tokens + excluded.prompt_tokens, completion_tokens = tutor_usage.completion_tokens + excluded.completion_tokens`,
);

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

async function usedToday(userId: number, now: Date): Promise<{ mine: number; everyone: number }> {
  const [row] = await runFixed<{ mine: string; everyone: string }>(getDb(), USED, [utcDay(now), userId]);
  return { mine: Number(row?.mine ?? 0), everyone: Number(row?.everyone ?? 0) };
}

export async function budgetOf(userId: number, now: Date): Promise<Budget> {
  const daily = getEnv().TUTOR_DAILY_TOKENS;
  const { mine } = await usedToday(userId, now);
  return { tokens_left: Math.max(0, daily - mine), daily_tokens: daily, resets_at: nextUtcMidnight(now).toISOString() };
}

/** 429 with the reset time when the learner's or the server's tokens for today are spent. */
export async function assertBudgetLeft(userId: number, now: Date): Promise<void> {
  const env = getEnv();
  const { mine, everyone } = await usedToday(userId, now);
  const resets = nextUtcMidnight(now);
  const retryAfterSeconds = Math.max(1, Math.ceil((resets.getTime() - now.getTime()) / 1000));
  const at = `${resets.toISOString().slice(11, 16)} UTC`;
  if (mine >= env.TUTOR_DAILY_TOKENS) throw new AppError("rate_limited", `You have used today's tutor time. It comes back at ${at}.`, { retryAfterSeconds });
  if (everyone >= env.TUTOR_SERVER_DAILY_TOKENS) throw new AppError("rate_limited", `The tutor has reached this server's limit for today. It comes back at ${at}.`, { retryAfterSeconds });
}

export async function recordUsage(db: DatabaseOrTransaction, userId: number, usage: LlmUsage, now: Date): Promise<void> {
  await runFixed(db, RECORD, [utcDay(now), userId, usage.promptTokens, usage.completionTokens]);
}
