import "server-only";
import { z } from "zod";
import { failRegeneration, runRegeneration } from "../../content-review/run-regeneration";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { getEnv } from "../../../platform/env";
import { generationPolicy, modelForJobs } from "../../../platform/llm/model-jobs";

const payload = z.object({ regenerationId: z.number().int().positive() });

type Payload = z.infer<typeof payload>;

/**
 * regenerate-content: one lesson or quiz item an admin asked for again from the review screen
 * (lib/authoring/content-review/run-regeneration.ts). Retried like the pipeline's jobs; its last failure
 * marks only the regeneration failed (with why), never the course, so it has no dead-letter queue.
 */
export const regenerateContentJob = {
  name: "regenerate-content",
  schema: payload,
  policy: (env) => ({ ...generationPolicy<Payload>(env, { singletonKey: (p) => `regeneration-${p.regenerationId}`, priority: () => 200 }), deadLetter: undefined }),
  handler: async (p, { db, retryCount }) => {
    try {
      await runRegeneration(db, modelForJobs(), p.regenerationId);
    } catch (error) {
      if (retryCount < getEnv().GENERATION_RETRY_LIMIT) throw error;
      await failRegeneration(db, p.regenerationId, error instanceof Error ? error.message : "The new version could not be written.");
    }
  },
  describe: (p) => ({ payload: p }),
} satisfies JobDefinition<"regenerate-content", Payload>;
