import "server-only";
import type { LlmClient } from "../../llm/client";
import { sectionPayload, type SectionPayload } from "../enqueue";
import { generateSection } from "../pipeline";
import { QUEUES } from "../queues";

/** generate-section: one section's subsection markdown and verified question pool (sections run in parallel). */
export const generateSectionJob = {
  queue: QUEUES.section,
  payload: sectionPayload,
  // Bounded by GENERATION_CONCURRENCY per worker process (see lib/generation/worker.ts).
  concurrency: null,
  run: (llm: LlmClient, data: SectionPayload) => generateSection(llm, data),
};
