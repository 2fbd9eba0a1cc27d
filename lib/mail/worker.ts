import "server-only";
import type { PgBoss } from "pg-boss";
import { MAIL_QUEUE_DEFINITIONS, MAIL_QUEUES } from "./queues";
import { sendEmailJob } from "./send-email-job";

/*
 * Registers the mail handlers on a started pg-boss instance (the worker process; tests run the
 * same in-process). NOTIFY wakes a handler the moment a request commits a mail job; retries
 * arrive without one, so the backstop poll is short.
 */

const POLLING = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
const CONCURRENCY = 4;

export async function registerMailWorkers(boss: PgBoss): Promise<void> {
  for (const { name, ...options } of MAIL_QUEUE_DEFINITIONS) await boss.createQueue(name, options);

  await boss.work(sendEmailJob.queue, { ...POLLING, batchSize: 1, localConcurrency: CONCURRENCY }, async ([job]) => {
    if (!job) return;
    const parsed = sendEmailJob.payload.safeParse(job.data);
    if (!parsed.success) {
      console.error(`[mail] ${job.id}: invalid payload, dropped:`, parsed.error.issues[0]?.message);
      return;
    }
    try {
      await sendEmailJob.run(parsed.data);
    } catch (error) {
      console.error(`[mail] ${parsed.data.kind} to ${parsed.data.to} failed (try ${job.retryCount + 1}), will retry:`, error instanceof Error ? error.message : error);
      throw error;
    }
  });

  await boss.work(MAIL_QUEUES.deadLetter, { ...POLLING, includeMetadata: true }, async (jobs) => {
    for (const job of jobs) {
      const data = job.data as { kind?: string; to?: string };
      const reason = (job.sourceOutput as { message?: unknown } | null)?.message;
      console.error(`[mail] gave up on ${data.kind ?? "an e-mail"} to ${data.to ?? "?"} after every retry${typeof reason === "string" ? `: ${reason}` : ""}`);
    }
  });
}
