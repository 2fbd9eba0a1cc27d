import "server-only";
import type { LlmClient } from "../../llm/client";
import { partPayload, type PartPayload } from "../enqueue";
import { generateQuestions } from "../parts";
import { QUEUES } from "../queues";

/** generate-questions: one subsection's batch of the section's quiz pool, written from it and verified. */
export const generateQuestionsJob = {
  queue: QUEUES.questions,
  payload: partPayload,
  concurrency: null,
  run: (llm: LlmClient, data: PartPayload) => generateQuestions(llm, data),
};
