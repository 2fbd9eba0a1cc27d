import "server-only";
import type { LlmClient } from "../../llm/client";
import { outlinePayload, type OutlinePayload } from "../enqueue";
import { generateCourseOutline } from "../pipeline";
import { QUEUES } from "../queues";

/** generate-course-outline: a course's sections and subsection titles, then one job per section. */
export const generateCourseOutlineJob = {
  queue: QUEUES.outline,
  payload: outlinePayload,
  concurrency: null,
  run: (llm: LlmClient, data: OutlinePayload) => generateCourseOutline(llm, data),
};
