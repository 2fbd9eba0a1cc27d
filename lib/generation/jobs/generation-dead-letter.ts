import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { markGenerationFailed } from "../failure";

const failedJobPayload = z.record(z.string(), z.unknown());

/** generation-dead-letter: a generation job that failed its last retry marks its course failed, with the reason. */
export const generationDeadLetterJob = {
  name: "generation-dead-letter",
  schema: failedJobPayload,
  policy: (env) => ({ queue: "standard", retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 1, pollSeconds: env.GENERATION_POLL_SECONDS }),
  handler: (payload, { source }) => {
    const output = source.output as { message?: unknown } | null;
    const reason = typeof output?.message === "string" && output.message ? output.message : "Generation failed after every retry.";
    return markGenerationFailed({ queue: source.queue ?? "", data: payload, reason });
  },
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generation-dead-letter", z.infer<typeof failedJobPayload>>;
