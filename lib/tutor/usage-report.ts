import "server-only";
import { desc, gte, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { tutorUsage } from "../../db/schema";
import { estimateCost } from "../platform/llm/cost";
import type { TutorUsageDay } from "./responses";

/** Days the admin's tutor usage covers, today included. */
export const USAGE_DAYS = 14;

/**
 * GET /admin/tutor/usage: per UTC day, the tutor's turns, learners, tokens and estimated cost.
 * Counts only: what learners asked and what the tutor said stay theirs (docs/tutor.md).
 */
export async function tutorUsageByDay(db: DatabaseOrTransaction, now: Date): Promise<TutorUsageDay[]> {
  const since = new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({
      day: tutorUsage.day,
      turns: sql<number>`sum(${tutorUsage.turns})::int`,
      learners: sql<number>`count(distinct ${tutorUsage.userId})::int`,
      promptTokens: sql<string>`sum(${tutorUsage.promptTokens})`,
      completionTokens: sql<string>`sum(${tutorUsage.completionTokens})`,
    })
    .from(tutorUsage)
    .where(gte(tutorUsage.day, since))
    .groupBy(tutorUsage.day)
    .orderBy(desc(tutorUsage.day));
  return rows.map((r) => {
    const [prompt, completion] = [Number(r.promptTokens), Number(r.completionTokens)];
    return { day: r.day, turns: r.turns, learners: r.learners, prompt_tokens: prompt, completion_tokens: completion, cost_usd: estimateCost(prompt, completion) };
  });
}
