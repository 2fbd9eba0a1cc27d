import "server-only";
import { z } from "zod";
import type { JobContract } from "../../platform/jobs/definition";
import { sendJob } from "../../platform/jobs/send";
import { llmConfigFromEnv } from "../../platform/llm/client";
import { generationPolicy } from "../../platform/llm/model-jobs";
import { logger } from "../../platform/log/logger";

/*
 * The job a quiz draw sends when it used up concepts of a section's pool: practice declares it
 * (its name, payload and policy) and authoring handles it (lib/authoring/generation/jobs/
 * write-question-variants.ts adds the handler), so a draw needs nothing of authoring.
 */

/** A section and the keys (lib/practice/mastery/model.ts conceptKey) of its concepts a learner's draw used up. */
export const variantsPayload = z.object({
  sectionId: z.number().int().positive(),
  concepts: z.array(z.string().trim().min(1).max(500)).min(1).max(50),
});

export type VariantsPayload = z.infer<typeof variantsPayload>;

/** One job per section at a time: a burst of learners running out of the same pool is one job. */
const sectionKey = (payload: VariantsPayload) => `section-${payload.sectionId}`;

/**
 * write-question-variants: fresh items for used-up concepts (docs/product-rules.md, "Fresh
 * variants"). Generation's policy (exclusive queue, retries with backoff, heartbeats, no handler
 * without a model) but no dead-letter job: that one marks a course failed, and a course whose
 * variants could not be written is still a whole course. One job at a time per worker: variants
 * are never urgent, and their calls wait behind course generation's for a slot anyway.
 */
export const questionVariantsRequest = {
  name: "write-question-variants",
  schema: variantsPayload,
  policy: (env) => ({ ...generationPolicy(env, { singletonKey: sectionKey, concurrency: 1 }), deadLetter: undefined }),
} satisfies JobContract<"write-question-variants", VariantsPayload>;

/**
 * Asks the worker for fresh variants of a section's used-up concepts; it only enqueues, and never
 * throws: the learner's draw is made either way, and a request lost here is made again by the
 * next draw that finds those concepts used up. Without a model nothing is sent (a job would wait
 * for a worker that can run it forever). Resolves to the job's id, or null when none was sent (no
 * model, or the section's job is already queued or running).
 */
export async function requestQuestionVariants(sectionId: number, conceptKeys: string[]): Promise<string | null> {
  if (!conceptKeys.length || !llmConfigFromEnv()) return null;
  try {
    return await sendJob(questionVariantsRequest, { sectionId, concepts: conceptKeys });
  } catch (error) {
    logger().warn({ err: error, section_id: sectionId }, "could not ask for fresh question variants");
    return null;
  }
}
