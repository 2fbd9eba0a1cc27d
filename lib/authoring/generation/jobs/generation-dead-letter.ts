import "server-only";
import type { z } from "zod";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { generationDeadLetter } from "../../../platform/llm/model-jobs";
import { markGenerationFailed } from "../mark-failed";

/** generation-dead-letter: a generation job that failed its last retry marks its course failed, with the reason. */
export const generationDeadLetterJob = {
  ...generationDeadLetter,
  handler: (payload, { db, source }) => {
    const output = source.output as { message?: unknown } | null;
    const reason = typeof output?.message === "string" && output.message ? output.message : "Generation failed after every retry.";
    return markGenerationFailed(db, { queue: source.queue ?? "", data: payload, reason });
  },
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generation-dead-letter", z.infer<typeof generationDeadLetter.schema>>;
