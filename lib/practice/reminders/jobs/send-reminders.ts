import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { noPayload, scheduledPolicy, type NoPayload } from "../../../platform/jobs/scheduled";
import { sendDueReminders } from "../reminder-pass";

/** Every quarter hour: a reminder goes within 15 minutes of the learner's hour, in every zone (offsets are whole quarter hours). */
export const SEND_REMINDERS_CRON = "*/15 * * * *";

/**
 * send-reminders: the daily reminders whose hour has come (lib/practice/reminders/reminder-pass.ts).
 * pg-boss cron makes it one run per schedule across all workers; the pass's claim keeps a rerun
 * or an overlapping run from sending twice.
 */
export const sendRemindersJob = {
  name: "send-reminders",
  schema: noPayload,
  policy: () => scheduledPolicy(SEND_REMINDERS_CRON),
  handler: async (_payload, { db, log }) => {
    const result = await sendDueReminders(db);
    if (result.looked) log.info(result, "reminder pass");
  },
} satisfies JobDefinition<"send-reminders", NoPayload>;
