import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import type { SendFollowUp } from "../follow-up";
import { generateQuestions } from "../parts";
import { partKey, partPayload, partPriority, type PartPayload } from "./payloads";
import { generationPolicy, modelForJobs } from "../../../platform/llm/model-jobs";

/** Sends a part's questions job: after its content is saved, and again when publication rejects its batch. */
export const sendQuestionsJob: SendFollowUp<PartPayload> = (tx, payload) => sendJob(generateQuestionsJob, payload, { tx });

/** generate-questions: one subsection's batch of the section's quiz pool, written from it and verified. */
export const generateQuestionsJob = {
  name: "generate-questions",
  schema: partPayload,
  policy: (env) => generationPolicy(env, { singletonKey: partKey, priority: partPriority }),
  handler: (payload, { db }) => generateQuestions(db, modelForJobs(), payload, { questions: sendQuestionsJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-questions", PartPayload>;
