import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { advanceRecoveries } from "../two-factor-recovery";

/** Often enough that a recovery ends within minutes of its waiting period, and reminders come about a day apart. */
export const TWO_FACTOR_RECOVERY_CRON = "*/10 * * * *";

const noPayload = z.object({});

/**
 * two-factor-recovery: the waiting periods of lost authenticators' recoveries
 * (lib/accounts/two-factor-recovery.ts): a daily reminder each, and at the end the second factor
 * removed. pg-boss cron makes it one run per schedule across all workers.
 */
export const twoFactorRecoveryJob = {
  name: "two-factor-recovery",
  schema: noPayload,
  policy: () => ({
    // A run that overlaps the next one is pointless: one queued-or-active job at a time.
    queue: "singleton",
    retryLimit: 2,
    retryDelay: 30,
    deleteAfterSeconds: 24 * 60 * 60,
    concurrency: 1,
    pollSeconds: 10,
    schedule: TWO_FACTOR_RECOVERY_CRON,
  }),
  handler: async (_payload, { log }) => {
    const advanced = await advanceRecoveries();
    if (advanced.reminded || advanced.ended) log.info(advanced, "two-factor recoveries advanced");
  },
} satisfies JobDefinition<"two-factor-recovery", z.infer<typeof noPayload>>;
