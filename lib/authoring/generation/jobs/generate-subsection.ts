import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import type { SendFollowUp } from "../follow-up";
import { generateSubsection } from "../parts";
import { sendQuestionsJob } from "./generate-questions";
import { partKey, partPayload, partPriority, type PartPayload } from "./payloads";
import { generationPolicy, modelForJobs } from "../../../platform/llm/model-jobs";

/** Sends a part's content job (the outline step, and a retry resuming from the saved parts). */
export const sendSubsectionJob: SendFollowUp<PartPayload> = (tx, payload) => sendJob(generateSubsectionJob, payload, { tx });

/** generate-subsection: one subsection's markdown (all of a course's run in parallel, bounded by GENERATION_CONCURRENCY), then its questions job. */
export const generateSubsectionJob = {
  name: "generate-subsection",
  schema: partPayload,
  policy: (env) => generationPolicy(env, { singletonKey: partKey, priority: partPriority }),
  handler: (payload, { db }) => generateSubsection(db, modelForJobs(), payload, { questions: sendQuestionsJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-subsection", PartPayload>;
