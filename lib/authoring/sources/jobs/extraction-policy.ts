import type { Env } from "../../../platform/env";
import type { JobPolicy } from "../../../platform/jobs/definition";
import { extractSourceDeadLetterJob } from "./extract-source-dead-letter";

/*
 * What the two extraction lanes share (docs/sources.md, "Extraction slots"): a try may run for
 * the extraction's time limit, and pg-boss expires one that runs well past it (a worker that
 * died) and retries it; an error of the server (the database gone) is retried twice, after which
 * the dead-letter job fails the source with a message. A file that cannot be used is not an error
 * of the job: its source ends failed with its message.
 */

/** Extractions one worker process runs at once in each lane: each is a child process busy on one core. */
export const EXTRACTION_CONCURRENCY = 2;

export function extractionPolicy<P>(env: Env): JobPolicy<P> {
  return {
    queue: "standard",
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: Math.ceil(env.SOURCE_EXTRACT_TIMEOUT_MS / 1000) + 120,
    deadLetter: extractSourceDeadLetterJob,
    concurrency: EXTRACTION_CONCURRENCY,
    pollSeconds: 2,
  };
}
