import "server-only";
import type { JobDefinition } from "../../platform/jobs/definition";
import { noPayload, scheduledPolicy, type NoPayload } from "../../platform/jobs/scheduled";
import { advanceRecoveries } from "../two-factor-recovery";

/** Often enough that a recovery ends within minutes of its waiting period, and reminders come about a day apart. */
export const TWO_FACTOR_RECOVERY_CRON = "*/10 * * * *";

/**
 * two-factor-recovery: the waiting periods of lost authenticators' recoveries
 * (lib/accounts/two-factor-recovery.ts): a daily reminder each, and at the end the second factor
 * removed. pg-boss cron makes it one run per schedule across all workers.
 */
export const twoFactorRecoveryJob = {
  name: "two-factor-recovery",
  schema: noPayload,
  policy: () => scheduledPolicy(TWO_FACTOR_RECOVERY_CRON),
  handler: async (_payload, { db, log }) => {
    const advanced = await advanceRecoveries(db);
    if (advanced.reminded || advanced.ended) log.info(advanced, "two-factor recoveries advanced");
  },
} satisfies JobDefinition<"two-factor-recovery", NoPayload>;
