import "server-only";
import { fixedStatement, getDb, runFixed, type DatabaseOrTransaction } from "../../db/client";
import { getEnv } from "../env";
import { AppError } from "../http/app-error";
import type { LlmUsage } from "../llm/client";

/*
 * The tutor's daily budgets (docs/tutor.md, "Limits and cost"): tokens per learner per UTC day
 * (TUTOR_DAILY_TOKENS) and for the whole server (TUTOR_SERVER_DAILY_TOKENS), so that free
 * sign-ups cannot drain the operator's key. A turn reserves its largest cost before it starts
 * (turn-reservation.ts) and its real usage replaces the reservation when it ends, so parallel
 * turns never pass either line. A failed turn (the model's error or silence) counts for nothing.
 */

export type Budget = { tokens_left: number; daily_tokens: number; resets_at: string };

/** The day's use and the reservations of turns under way (leases alive), the learner's and everyone's. */
export const SPENT_TODAY = fixedStatement(
  "tutor_spent_today",
  `SELECT (SELECT coalesce(sum(prompt_tokens + completion_tokens) FILTER (WHERE user_id = $2), 0) FROM tutor_usage WHERE day = $1)
        + (SELECT coalesce(sum(reserved_tokens) FILTER (WHERE user_id = $2), 0) FROM tutor_streams WHERE day = $1 AND lease_until > now()) AS mine,
          (SELECT coalesce(sum(prompt_tokens + completion_tokens), 0) FROM tutor_usage WHERE day = $1)
        + (SELECT coalesce(sum(reserved_tokens), 0) FROM tutor_streams WHERE day = $1 AND lease_until > now()) AS everyone`,
);
const RECORD = fixedStatement(
  "tutor_record_usage",
  `INSERT INTO tutor_usage (day, user_id, turns, prompt_tokens, completion_tokens) VALUES ($1, $2, 1, $3, $4)
   ON CONFLICT (day, user_id) DO UPDATE SET turns = tutor_usage.turns + 1,
     prompt_tokens = tutor_usage.prompt_tokens + excluded.prompt_tokens, completion_tokens = tutor_usage.completion_tokens + excluded.completion_tokens`,
);

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export async function spentToday(db: DatabaseOrTransaction, userId: number, now: Date): Promise<{ mine: number; everyone: number }> {
  const [row] = await runFixed<{ mine: string; everyone: string }>(db, SPENT_TODAY, [utcDay(now), userId]);
  return { mine: Number(row?.mine ?? 0), everyone: Number(row?.everyone ?? 0) };
}

export async function budgetOf(userId: number, now: Date): Promise<Budget> {
  const daily = getEnv().TUTOR_DAILY_TOKENS;
  const { mine } = await spentToday(getDb(), userId, now);
  return { tokens_left: Math.max(0, daily - mine), daily_tokens: daily, resets_at: nextUtcMidnight(now).toISOString() };
}

/**
 * 429 with the reset time unless `tokens` more fit under the learner's and the server's budget
 * for today, given what is spent and reserved (`spent`).
 */
export function assertFits(spent: { mine: number; everyone: number }, tokens: number, now: Date): void {
  const env = getEnv();
  const resets = nextUtcMidnight(now);
  const retryAfterSeconds = Math.max(1, Math.ceil((resets.getTime() - now.getTime()) / 1000));
  const at = `${resets.toISOString().slice(11, 16)} UTC`;
  if (spent.mine >= env.TUTOR_DAILY_TOKENS) throw new AppError("rate_limited", `You have used today's tutor time. It comes back at ${at}.`, { retryAfterSeconds });
  if (spent.mine + tokens > env.TUTOR_DAILY_TOKENS) {
    throw new AppError("rate_limited", `What is left of today's tutor time is not enough for another reply. It comes back at ${at}.`, { retryAfterSeconds });
  }
  if (spent.everyone + tokens > env.TUTOR_SERVER_DAILY_TOKENS) throw new AppError("rate_limited", `The tutor has reached this server's limit for today. It comes back at ${at}.`, { retryAfterSeconds });
}

export async function recordUsage(db: DatabaseOrTransaction, userId: number, usage: LlmUsage, now: Date): Promise<void> {
  await runFixed(db, RECORD, [utcDay(now), userId, usage.promptTokens, usage.completionTokens]);
}
