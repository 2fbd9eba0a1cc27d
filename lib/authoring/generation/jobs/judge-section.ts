import "server-only";
import { z } from "zod";
import type { Transaction } from "../../../../db/client";
import { getEnv } from "../../../platform/env";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import { judgeSection, type JudgePayload } from "../judge";
import { generationPolicy, modelForJobs } from "../../../platform/llm/model-jobs";

export const judgePayload = z.object({ courseId: z.number().int().positive(), sectionId: z.number().int().positive() }) satisfies z.ZodType<JudgePayload>;

/**
 * judge-section: the judge pass over one published section (docs/product-rules.md, "Judge").
 * Generation's policy (exclusive queue, retries, no handler without a model) but no dead-letter
 * job: that one marks a course failed, and a course the judge could not score is still whole.
 */
export const judgeSectionJob = {
  name: "judge-section",
  schema: judgePayload,
  policy: (env) => ({ ...generationPolicy(env, { singletonKey: (p: JudgePayload) => `section-${p.sectionId}`, concurrency: 1 }), deadLetter: undefined }),
  handler: (payload, { db }) => judgeSection(db, modelForJobs(), payload),
  describe: (payload) => ({ course_id: payload.courseId, section_id: payload.sectionId }),
} satisfies JobDefinition<"judge-section", JudgePayload>;

/** Called where a section's quiz is published, in that transaction: with GENERATION_JUDGE=on, the section's judge job goes out with it. */
export async function judgeWhenPublished(tx: Transaction, courseId: number, sectionId: number): Promise<void> {
  if (getEnv().GENERATION_JUDGE === "on") await sendJob(judgeSectionJob, { courseId, sectionId }, { tx });
}
