import "server-only";
import type { LlmClient } from "../../llm/client";
import { partPayload, type PartPayload } from "../enqueue";
import { generateSubsection } from "../parts";
import { QUEUES } from "../queues";

/** generate-subsection: one subsection's markdown (all of a course's run in parallel, bounded by GENERATION_CONCURRENCY). */
export const generateSubsectionJob = {
  queue: QUEUES.subsection,
  payload: partPayload,
  concurrency: null,
  run: (llm: LlmClient, data: PartPayload) => generateSubsection(llm, data),
};
