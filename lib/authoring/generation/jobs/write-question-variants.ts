import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { modelForJobs } from "../../../platform/llm/model-jobs";
import { questionVariantsRequest, type VariantsPayload } from "../../../practice";
import { writeQuestionVariants } from "../question-variants";

/** write-question-variants (declared by practice: lib/practice/quizzes/variants-request.ts): writes fresh items for a section's used-up concepts. */
export const writeQuestionVariantsJob = {
  ...questionVariantsRequest,
  handler: (payload, { db, log }) => writeQuestionVariants(db, modelForJobs(), payload, log),
  describe: (payload) => ({ section_id: payload.sectionId, concept_keys: payload.concepts }),
} satisfies JobDefinition<"write-question-variants", VariantsPayload>;
