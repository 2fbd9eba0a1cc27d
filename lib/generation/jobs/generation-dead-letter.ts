import "server-only";
import { z } from "zod";
import { markGenerationFailed } from "../pipeline";
import { QUEUES } from "../queues";

/** generation-dead-letter: a generation job that failed its last retry marks its course failed, with the reason. */
export const generationDeadLetterJob = {
  queue: QUEUES.deadLetter,
  payload: z.record(z.string(), z.unknown()),
  run: (job: { sourceName: string | null; data: unknown; sourceOutput: unknown }) => {
    const output = job.sourceOutput as { message?: unknown } | null;
    const reason = typeof output?.message === "string" && output.message ? output.message : "Generation failed after every retry.";
    return markGenerationFailed({ queue: job.sourceName ?? "", data: job.data, reason });
  },
};
