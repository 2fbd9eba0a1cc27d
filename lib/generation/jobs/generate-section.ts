import "server-only";
import type { LlmClient } from "../../llm/client";
import { sectionPayload, type SectionPayload } from "../enqueue";
import { generateSection } from "../pipeline";
import { QUEUES } from "../queues";

/** generate-section: jobs queued before sections were split into parts; sends the section's part jobs. */
export const generateSectionJob = {
  queue: QUEUES.section,
  payload: sectionPayload,
  concurrency: 1,
  run: (llm: LlmClient, data: SectionPayload) => generateSection(llm, data),
};
