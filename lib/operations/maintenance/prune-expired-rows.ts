import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import { pruneVerifications, pruneExpiredSessions } from "../../accounts";
import { pruneRateLimits } from "../../platform/rate-limit";

/*
 * Every request that counts a limit or sends a code leaves a row behind, and every sign-in a
 * session row; without pruning, rate_limits, verifications (Better Auth's codes, locks and tokens;
 * it deletes expired ones itself only when it reads one) and sessions would grow with every
 * address, e-mail and session ever seen. The prune-expired-rows job runs this on a schedule.
 */
export async function pruneExpiredRows(db: DatabaseOrTransaction): Promise<{ rateLimits: number; verifications: number; expiredSessions: number }> {
  return { rateLimits: await pruneRateLimits(db), verifications: await pruneVerifications(db), expiredSessions: await pruneExpiredSessions(db) };
}
