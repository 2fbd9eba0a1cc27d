import "server-only";
import type { PgBoss } from "pg-boss";
import type { Env } from "../env";
import { getLlm, NO_MODEL_MESSAGE } from "../llm/client";
import { generateCourseOutlineJob } from "./jobs/generate-course-outline";
import { generateQuestionsJob } from "./jobs/generate-questions";
import { generateSectionJob } from "./jobs/generate-section";
import { generateSubsectionJob } from "./jobs/generate-subsection";
import { generateTopicCoursesJob } from "./jobs/generate-topic-courses";
import { generationDeadLetterJob } from "./jobs/generation-dead-letter";

/**
 * Registers the generation job handlers on a started pg-boss instance. Without a model the
 * generation queues get no handler: their jobs wait (nothing fails, nothing is lost) until a
 * worker with OPENAI_API_KEY starts. Returns whether the handlers are running.
 */
export async function registerGenerationWorkers(boss: PgBoss, env: Env): Promise<boolean> {
  // NOTIFY wakes workers when a job is sent, but retries and dead-lettered jobs arrive without
  // one, so the notify-mode backstop poll is kept as short as the plain one.
  const polling = { pollingIntervalSeconds: env.GENERATION_POLL_SECONDS, notifyPollingIntervalSeconds: env.GENERATION_POLL_SECONDS };
  await boss.work(generationDeadLetterJob.queue, { ...polling, includeMetadata: true }, async (jobs) => {
    for (const job of jobs) await generationDeadLetterJob.run(job);
  });

  const llm = getLlm();
  if (!llm) {
    console.warn(`[worker] ${NO_MODEL_MESSAGE}`);
    return false;
  }
  // Model calls are bounded per process by the client's slots (GENERATION_CONCURRENCY), whichever job makes them.
  const jobs = [generateTopicCoursesJob, generateCourseOutlineJob, generateSubsectionJob, generateQuestionsJob, generateSectionJob];
  for (const job of jobs) {
    const localConcurrency = job.concurrency ?? env.GENERATION_CONCURRENCY;
    await boss.work(job.queue, { ...polling, batchSize: 1, localConcurrency }, async ([raw]) => {
      if (!raw) return;
      const parsed = job.payload.safeParse(raw.data);
      if (!parsed.success) {
        // A payload no handler can use: completing it beats retrying it forever.
        console.error(`[worker] ${job.queue} ${raw.id}: invalid payload, dropped:`, parsed.error.issues[0]?.message);
        return;
      }
      const started = Date.now();
      try {
        await job.run(llm, parsed.data as never);
        console.log(`[worker] ${job.queue} ${JSON.stringify(parsed.data)} done in ${Date.now() - started} ms`);
      } catch (error) {
        console.error(`[worker] ${job.queue} ${JSON.stringify(parsed.data)} failed (try ${raw.retryCount + 1}):`, error instanceof Error ? error.message : error);
        throw error;
      }
    });
  }
  return true;
}
