import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { pruneExpiredRows } from "../prune-expired-rows";

export const PRUNE_CRON = "*/10 * * * *";

const noPayload = z.object({});

/** prune-expired-rows: pg-boss cron makes it one run per schedule across all workers. */
export const pruneExpiredRowsJob = {
  name: "prune-expired-rows",
  schema: noPayload,
  policy: () => ({
    // A run that overlaps the next one is pointless: one queued-or-active job at a time.
    queue: "singleton",
    retryLimit: 2,
    retryDelay: 30,
    deleteAfterSeconds: 24 * 60 * 60,
    concurrency: 1,
    pollSeconds: 10,
    schedule: PRUNE_CRON,
  }),
  handler: async (_payload, { log }) => {
    const pruned = await pruneExpiredRows();
    if (pruned.rateLimits || pruned.verifications || pruned.expiredSessions) log.info({ pruned }, "pruned expired rows");
  },
} satisfies JobDefinition<"prune-expired-rows", z.infer<typeof noPayload>>;
