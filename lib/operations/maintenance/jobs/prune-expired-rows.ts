import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { noPayload, scheduledPolicy, type NoPayload } from "../../../platform/jobs/scheduled";
import { pruneExpiredRows } from "../prune-expired-rows";

export const PRUNE_CRON = "*/10 * * * *";

/** prune-expired-rows: pg-boss cron makes it one run per schedule across all workers. */
export const pruneExpiredRowsJob = {
  name: "prune-expired-rows",
  schema: noPayload,
  policy: () => scheduledPolicy(PRUNE_CRON),
  handler: async (_payload, { db, log }) => {
    const pruned = await pruneExpiredRows(db);
    if (pruned.rateLimits || pruned.verifications || pruned.expiredSessions) log.info({ pruned }, "pruned expired rows");
  },
} satisfies JobDefinition<"prune-expired-rows", NoPayload>;
