import "server-only";
import { z } from "zod";
import type { Env } from "../env";
import type { JobContract, JobPolicy } from "../jobs/definition";
import { getLlm, NO_MODEL_MESSAGE, type LlmClient } from "./client";

/*
 * What every job calling the model (generation's, and the fresh variants a quiz draw asks for)
 * shares. It sits beside the model client so that an area below authoring can declare such a job
 * it sends (lib/platform/jobs/definition.ts, JobContract) without importing authoring. An
 * "exclusive" queue with a singleton key allows one queued-or-active job per key, so one course
 * never has two outline runs (or two runs of one part) at once. Failed jobs are retried with exponential backoff; after the last retry pg-boss
 * copies them into the dead-letter queue, whose job marks the course failed with a readable reason.
 */
export function generationPolicy<P>(env: Env, job: { singletonKey(payload: P): string; priority?(payload: P): number; concurrency?: number }): JobPolicy<P> {
  return {
    queue: "exclusive",
    singletonKey: job.singletonKey,
    priority: job.priority,
    retryLimit: env.GENERATION_RETRY_LIMIT,
    retryDelay: env.GENERATION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 600,
    // A worker that dies stops heartbeating; its job is failed (and retried) one interval later.
    heartbeatSeconds: env.GENERATION_HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
    // Jobs wait this long for a worker with a model (no OPENAI_API_KEY yet) before pg-boss drops them.
    retentionSeconds: 60 * 24 * 60 * 60,
    deadLetter: generationDeadLetter,
    // Model calls are bounded per process by the client's slots (GENERATION_CONCURRENCY), whichever job makes them.
    concurrency: job.concurrency ?? env.GENERATION_CONCURRENCY,
    pollSeconds: env.GENERATION_POLL_SECONDS,
    // Without a model the jobs get no handler: they wait (nothing fails, nothing is lost) until a worker with OPENAI_API_KEY starts.
    unavailable: () => (getLlm() ? null : NO_MODEL_MESSAGE),
  };
}

/** The model a generation handler calls; the runner registers none without one (see `unavailable`). */
export function modelForJobs(): LlmClient {
  const llm = getLlm();
  if (!llm) throw new Error(NO_MODEL_MESSAGE);
  return llm;
}

const failedJobPayload = z.record(z.string(), z.unknown());

/**
 * generation-dead-letter as the model jobs' policy names it (pg-boss moves a job there after its
 * last retry); its handler is authoring's (lib/authoring/generation/jobs/generation-dead-letter.ts).
 */
export const generationDeadLetter = {
  name: "generation-dead-letter",
  schema: failedJobPayload,
  policy: (env) => ({ queue: "standard", retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 1, pollSeconds: env.GENERATION_POLL_SECONDS }),
} satisfies JobContract<"generation-dead-letter", z.infer<typeof failedJobPayload>>;
