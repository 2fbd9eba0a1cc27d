import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { extractSource } from "../extraction";
import { extractSourceDeadLetterJob } from "./extract-source-dead-letter";

export const extractSourcePayload = z.object({ sourceId: z.number().int().positive() });

export type ExtractSourcePayload = z.infer<typeof extractSourcePayload>;

/** Extractions one worker process runs at once: each is a child process busy on one core. */
export const EXTRACTION_CONCURRENCY = 2;

/**
 * extract-source: reads one uploaded file into passages (lib/sources/extraction.ts). A file that
 * cannot be used is not an error of the job: the source ends failed with its message. An error of
 * the server (the database gone) is retried; after the last try the dead-letter job fails the
 * source with a message. A try may run for the extraction's time limit; pg-boss expires one that
 * runs well past it (a worker that died), and retries it.
 */
export const extractSourceJob = {
  name: "extract-source",
  schema: extractSourcePayload,
  policy: (env) => ({
    queue: "standard",
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: Math.ceil(env.SOURCE_EXTRACT_TIMEOUT_MS / 1000) + 120,
    deadLetter: extractSourceDeadLetterJob,
    concurrency: EXTRACTION_CONCURRENCY,
    pollSeconds: 2,
  }),
  handler: ({ sourceId }, { log }) => extractSource(sourceId, log),
  describe: ({ sourceId }) => ({ source_id: sourceId }),
} satisfies JobDefinition<"extract-source", ExtractSourcePayload>;
