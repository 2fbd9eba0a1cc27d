import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../db/client";
import { getEnv } from "../platform/env";
import { AppError } from "../platform/http/app-error";
import type { LlmUsage } from "../platform/llm/client";

/*
 * The tutor's daily budgets (docs/tutor.md, "Limits and cost"): tokens per learner per UTC day
 * (TUTOR_DAILY_TOKENS) and for the whole server (TUTOR_SERVER_DAILY_TOKENS), so that free
 * sign-ups cannot drain the operator's key. A turn reserves its largest cost before it starts
 * (turn-reservation.ts) and its real usage replaces the reservation when it ends, so parallel
 * turns never pass either line. A failed turn (the model's error or silence) counts for nothing.
 */

export type Budget = { tokens_left: number; daily_tokens: number; resets_at: string };

/** The learner's day: their use and the reservations of their turns under way (leases alive). */
const SPENT_TODAY = fixedStatement(
  "tutor_spent_today",
  `SELECT (SELECT coalesce(sum(prompt_tokens + completion_tokens), 0) FROM tutor_usage WHERE day = $1 AND user_id = $2)
        + (SELECT coalesce(sum(reserved_tokens), 0) FROM tutor_streams WHERE day = $1 AND user_id = $2 AND lease_until > now()) AS mine`,
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

export async function budgetOf(db: DatabaseOrTransaction, userId: number, now: Date): Promise<Budget> {
  const daily = getEnv().TUTOR_DAILY_TOKENS;
  const [row] = await runFixed<{ mine: string }>(db, SPENT_TODAY, [utcDay(now), userId]);
  const mine = Number(row?.mine ?? 0);
  return { tokens_left: Math.max(0, daily - mine), daily_tokens: daily, resets_at: nextUtcMidnight(now).toISOString() };
}

/** Why a turn does not fit today: the learner's tokens all used, too few of them left for a whole turn, or the server's spent. */
export type BudgetShortfall = "used" | "short" | "server";

const SHORTFALL: Record<BudgetShortfall, string> = {
  used: "You have used today's tutor time.",
  short: "What is left of today's tutor time is not enough for another reply.",
  server: "The tutor has reached this server's limit for today.",
};

/** The 429 for a turn that does not fit today, with when the budgets come back. */
export function budgetRefusal(shortfall: BudgetShortfall, now: Date): AppError {
  const resets = nextUtcMidnight(now);
  const retryAfterSeconds = Math.max(1, Math.ceil((resets.getTime() - now.getTime()) / 1000));
  return new AppError("rate_limited", `${SHORTFALL[shortfall]} It comes back at ${resets.toISOString().slice(11, 16)} UTC.`, { retryAfterSeconds });
}

export async function recordUsage(db: DatabaseOrTransaction, userId: number, usage: LlmUsage, now: Date): Promise<void> {
  await runFixed(db, RECORD, [utcDay(now), userId, usage.promptTokens, usage.completionTokens]);
}
