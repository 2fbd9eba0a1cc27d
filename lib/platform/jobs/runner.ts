import type { JobWithMetadata, PgBoss } from "pg-boss";
import { getDb } from "../../../db/client";
import type { Env } from "../env";
import { whenDatabaseAnswers } from "../health/database-back";
import { logger } from "../log/logger";
import type { AnyJobDefinition } from "./definition";
import { ensureQueue } from "./queues";

/*
 * The one job runner: the worker process (worker/index.ts) and the tests' in-process workers
 * start it with the definitions they run. For each it creates the queue, puts the schedule in
 * place and registers a handler that checks the payload against the definition's schema before
 * the handler sees it, and logs with the job's queue and id. Retries, backoff, expiry after a
 * crash (heartbeats) and dead-lettering are pg-boss's, from each definition's policy; a handler
 * that ends during a database outage has its outcome recorded once the database is back.
 */

export type RunnerStart = {
  /** Queues this process runs the handlers of. */
  running: string[];
  /** Queues whose jobs wait for another process (or a restart), with the reason. */
  waiting: { queue: string; reason: string }[];
};

export async function startJobRunner(boss: PgBoss, definitions: readonly AnyJobDefinition[], env: Env): Promise<RunnerStart> {
  for (const definition of definitions) await ensureQueue(boss, definition, env);
  const started: RunnerStart = { running: [], waiting: [] };
  for (const definition of definitions) {
    const policy = definition.policy(env);
    // Occurrences are jobs like any other: they wait when no process can run them.
    if (policy.schedule) await boss.schedule(definition.name, policy.schedule, {});
    const reason = policy.unavailable?.() ?? null;
    if (reason) {
      started.waiting.push({ queue: definition.name, reason });
      continue;
    }
    const work = {
      batchSize: 1,
      localConcurrency: policy.concurrency,
      pollingIntervalSeconds: policy.pollSeconds,
      notifyPollingIntervalSeconds: policy.pollSeconds,
      includeMetadata: true,
      ...(policy.groupConcurrency ? { groupConcurrency: policy.groupConcurrency } : {}),
    } as const;
    await boss.work(definition.name, work, ([job]: JobWithMetadata<object>[]) => runJob(definition, job));
    started.running.push(definition.name);
  }
  for (const reason of new Set(started.waiting.map((w) => w.reason))) {
    logger().warn({ queues: started.waiting.filter((w) => w.reason === reason).map((w) => w.queue) }, reason);
  }
  return started;
}

async function runJob(definition: AnyJobDefinition, job: JobWithMetadata<object> | undefined): Promise<void> {
  if (!job) return;
  const jobLog = logger().child({ queue: definition.name, job_id: job.id });
  const parsed = definition.schema.safeParse(job.data);
  if (!parsed.success) {
    // A payload no handler can use: completing it beats retrying it forever.
    jobLog.error({ issue: parsed.error.issues[0]?.message }, "invalid payload, dropped");
    return;
  }
  const log = definition.describe ? jobLog.child(definition.describe(parsed.data)) : jobLog;
  const started = Date.now();
  try {
    await definition.handler(parsed.data, { db: getDb(), jobId: job.id, retryCount: job.retryCount, source: { queue: job.sourceName, output: job.sourceOutput }, log });
  } catch (error) {
    // pg-boss retries it after its backoff; after the last try its dead-letter queue (if any) has it.
    const lastTry = job.retryCount >= job.retryLimit;
    log[lastTry ? "error" : "warn"]({ err: error, try: job.retryCount + 1, retry_limit: job.retryLimit }, lastTry ? "job failed its last try" : "job failed; it will be retried");
    await settleable(job);
    throw error;
  }
  await settleable(job);
  log.info({ duration_ms: Date.now() - started }, "job done");
}

/**
 * pg-boss records the outcome on the database as soon as the handler returns. A handler that ended
 * while PostgreSQL was away (its statements failed, or its e-mail went out meanwhile) would leave
 * the job active, unrecorded, until it expires: then run again (a second e-mail) or retried only
 * after its expiry instead of its policy's delay. So the outcome waits for the database to answer,
 * until the job's own signal ends the wait (its expiry, a lost claim, the worker stopping).
 */
function settleable(job: JobWithMetadata<object>): Promise<void> {
  return whenDatabaseAnswers(job.signal);
}
