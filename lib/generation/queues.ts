import type { SendOptions } from "pg-boss";
import { defineQueue } from "../jobs/boss";
import { getEnv } from "../env";

/*
 * The generation queues. `exclusive` with a singleton key allows one queued-or-active job per key,
 * so one course never has two outline runs (or two runs of one section) at once. Failed jobs are
 * retried with exponential backoff; after the last retry pg-boss copies them into the dead-letter
 * queue, whose job marks the course failed with a readable reason.
 */

export const QUEUES = {
  topicCourses: "generate-topic-courses",
  outline: "generate-course-outline",
  subsection: "generate-subsection",
  questions: "generate-questions",
  /** Jobs sent before sections were split into parts; their handler sends the parts' jobs. */
  section: "generate-section",
  deadLetter: "generation-dead-letter",
} as const;

export const GENERATION_QUEUES = [QUEUES.topicCourses, QUEUES.outline, QUEUES.subsection, QUEUES.questions, QUEUES.section] as const;

defineQueue({ name: QUEUES.deadLetter, policy: "standard", retryLimit: 5, retryDelay: 5, retryBackoff: true, notify: true });
for (const name of GENERATION_QUEUES) defineQueue({ name, policy: "exclusive", deadLetter: QUEUES.deadLetter, notify: true });

/** Retry, heartbeat and expiry options every generation job is sent with (from the environment). */
export function generationSendOptions(singletonKey: string, priority = 0): SendOptions {
  const env = getEnv();
  return {
    singletonKey,
    priority,
    retryLimit: env.GENERATION_RETRY_LIMIT,
    retryDelay: env.GENERATION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 600,
    // A worker that dies stops heartbeating; its job is failed (and retried) one interval later.
    heartbeatSeconds: env.GENERATION_HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
    // Jobs wait this long for a worker with a model (no OPENAI_API_KEY yet) before pg-boss drops them.
    retentionSeconds: 60 * 24 * 60 * 60,
    deadLetter: QUEUES.deadLetter,
  };
}
