import "server-only";
import type { PgBoss } from "pg-boss";
import { pruneVerifications } from "../accounts/codes";
import { pruneExpiredSessions } from "../auth/sessions";
import { pruneRateLimits } from "../rate-limit";

/*
 * prune-expired-rows: every request that counts a limit or sends a code leaves a row behind, and
 * every sign-in a session row; without this job rate_limits, verifications (Better Auth's codes,
 * locks and tokens; it deletes expired ones itself only when it reads one) and sessions would
 * grow with every address, e-mail and session ever seen. pg-boss cron makes it one run per schedule across all workers.
 */

export const PRUNE_QUEUE = "prune-expired-rows";
export const PRUNE_CRON = "*/10 * * * *";

export async function pruneExpiredRows(): Promise<{ rateLimits: number; verifications: number; expiredSessions: number }> {
  return { rateLimits: await pruneRateLimits(), verifications: await pruneVerifications(), expiredSessions: await pruneExpiredSessions() };
}

/** `schedule` is a cron expression or an RFC 5545 rule; tests pass a rule that fires every few seconds. */
export async function registerMaintenanceJobs(boss: PgBoss, schedule = PRUNE_CRON): Promise<void> {
  // A run that overlaps the next one is pointless: one queued-or-active job at a time.
  await boss.createQueue(PRUNE_QUEUE, { policy: "singleton", notify: true, retryLimit: 2, retryDelay: 30, deleteAfterSeconds: 24 * 60 * 60 });
  await boss.schedule(PRUNE_QUEUE, schedule);
  await boss.work(PRUNE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const pruned = await pruneExpiredRows();
    if (pruned.rateLimits || pruned.verifications || pruned.expiredSessions) {
      console.log(`[maintenance] pruned ${pruned.rateLimits} rate-limit rows, ${pruned.verifications} verifications and ${pruned.expiredSessions} expired sessions`);
    }
  });
}
