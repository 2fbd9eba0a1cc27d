import type { QueueOptions, QueuePolicy } from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import type { Env } from "../env";

/*
 * A job, declared once: its queue name, the zod schema of its payload, its policy and its handler
 * (which calls a service of its domain). lib/platform/jobs/runner.ts registers definitions on the worker,
 * lib/platform/jobs/send.ts sends them; `{ ... } satisfies JobDefinition<Name, Payload>` ties the three
 * together, so a payload that changes shape breaks the build rather than the queue.
 */

/** What a handler gets beside its payload. */
export type JobContext = {
  /** The database the handler's queries run on: a job is an edge, like a route handler (docs/architecture.md). */
  db: Database;
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  /** For a job in a dead-letter queue: the queue it failed on and what its last try threw. */
  source: { queue: string | null; output: unknown };
  /** The process's logger, with this job's queue and id on every line. */
  log: Logger<never>;
};

/**
 * How a job is queued, retried and run. The retry, expiry and retention options are pg-boss's
 * own (QueueOptions): the queue is created with them and every job is sent with them, so a job
 * carries its policy whatever an older copy of the queue row says.
 */
export type JobPolicy<Payload> = QueueOptions & {
  /** pg-boss's queue policy: "standard", or one that admits one job per singleton key at a time. */
  queue: QueuePolicy;
  /** Where a job goes after its last failed try. */
  deadLetter?: AnyJobContract;
  /** With an "exclusive" or "singleton" queue: jobs with the same key are one job. */
  singletonKey?(payload: Payload): string;
  /** Higher first. */
  priority?(payload: Payload): number;
  /** Handlers one worker process runs at once. */
  concurrency: number;
  /** The job's group (pg-boss's group id): with groupConcurrency, its jobs share a limit across every worker. */
  group?(payload: Payload): string;
  /** Jobs of one group active at once across all workers, counted by pg-boss in PostgreSQL when it fetches. */
  groupConcurrency?: number;
  /** The backstop poll, in seconds: NOTIFY wakes a worker when a job is sent, but retries arrive without one. */
  pollSeconds: number;
  /** A cron expression or an RFC 5545 rule: pg-boss sends one job per occurrence across all workers. */
  schedule?: string;
  /**
   * Why this process cannot run the handler (generation without a model), or null when it can.
   * A process that cannot registers no handler: the jobs wait, nothing fails.
   */
  unavailable?(): string | null;
};

// Method syntax on purpose: a definition for one payload must be usable where any definition is
// expected (the runner's list), which function-typed properties would forbid.
/**
 * What sending a job takes: its name, payload and policy, without the handler. A job that a lower
 * area sends and a higher one handles is declared as a contract in the sender's area, and the
 * handler's area spreads it into its definition (`{ ...contract, handler }`): the sender imports
 * nothing of the handler (docs/architecture.md, "The areas of lib/").
 */
export type JobContract<Name extends string, Payload extends object> = {
  name: Name;
  schema: z.ZodType<Payload>;
  /** Read when a job is sent and when the worker starts (generation's retry limits come from the environment). */
  policy(env: Env): JobPolicy<Payload>;
};

export type AnyJobContract = JobContract<string, object>;

export type JobDefinition<Name extends string, Payload extends object> = JobContract<Name, Payload> & {
  handler(payload: Payload, context: JobContext): Promise<unknown>;
  /** What identifies the job's work in its log lines (never a secret). */
  describe?(payload: Payload): Record<string, unknown>;
};

export type AnyJobDefinition = JobDefinition<string, object>;
