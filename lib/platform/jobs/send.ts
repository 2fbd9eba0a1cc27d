import { sql } from "drizzle-orm";
import { fromDrizzle, type JobInsert } from "pg-boss";
import { getEnv } from "../env";
import { getJobSender } from "./boss";
import type { JobContract } from "./definition";
import { ensureQueue, jobOptions } from "./queues";

/** Something with drizzle's `execute`: the app database or a transaction on it. */
export type SqlExecutor = Parameters<typeof fromDrizzle>[0];

export type SendJobOptions = {
  /** Insert the job in this transaction: it commits or rolls back with the caller's rows. */
  tx?: SqlExecutor;
  /** Seconds before the job may start. */
  startAfter?: number;
};

/**
 * Sends one job of a definition with its policy (retries, expiry, singleton key, priority). The
 * payload is checked against the definition's schema here, so a bad one fails the caller, not the
 * worker. Resolves to the job's id, or null when a singleton key already holds a job.
 */
export async function sendJob<P extends object>(definition: JobContract<string, P>, payload: NoInfer<P>, options: SendJobOptions = {}): Promise<string | null> {
  const env = getEnv();
  const data = definition.schema.parse(payload);
  const boss = await getJobSender(env.DATABASE_URL);
  await ensureQueue(boss, definition, env);
  const send = { ...jobOptions(definition.policy(env), data), ...(options.startAfter ? { startAfter: options.startAfter } : {}) };
  return boss.send(definition.name, data, options.tx ? { ...send, db: fromDrizzle(options.tx, sql) } : send);
}

/**
 * Sends many jobs of a definition in one statement (pg-boss's insert), each with its policy: for a
 * batch decided at once, such as a reminder pass's e-mails, instead of one round trip per job.
 */
export async function sendJobs<P extends object>(definition: JobContract<string, P>, payloads: readonly NoInfer<P>[], options: SendJobOptions = {}): Promise<void> {
  if (!payloads.length) return;
  const env = getEnv();
  const policy = definition.policy(env);
  const jobs = payloads.map((payload) => {
    const data = definition.schema.parse(payload);
    return { data, ...(jobOptions(policy, data) as JobInsert) };
  });
  const boss = await getJobSender(env.DATABASE_URL);
  await ensureQueue(boss, definition, env);
  await boss.insert(definition.name, jobs, options.tx ? { db: fromDrizzle(options.tx, sql) } : {});
}
