import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { jobTableExists } from "../../platform/jobs/job-table";
import { describeModelSetup } from "../../platform/llm/client";
import type { GenerationLabel } from "./responses";
import { generateCourseOutlineJob } from "./jobs/generate-course-outline";
import { generateQuestionsJob } from "./jobs/generate-questions";
import { generateSubsectionJob } from "./jobs/generate-subsection";
import { generateTopicCoursesJob } from "./jobs/generate-topic-courses";
import { judgeSectionJob } from "./jobs/judge-section";
import { writeQuestionVariantsJob } from "./jobs/write-question-variants";
import { generationLabel } from "./status";

/*
 * "Waiting for a model" (docs/product-rules.md, Admin screens): without a model the worker
 * registers no generation handler, so the jobs wait in the queue (lib/platform/llm/model-jobs.ts)
 * and nothing is being written. The admin screens say so instead of "Generating", and show how
 * many jobs wait. The queue is pg-boss's job table; before the first job was ever sent it does
 * not exist, which reads as an empty queue.
 */

export const WAITING_FOR_A_MODEL = "Waiting for a model";

/** A generation state as the admin screens name it. */
export type AdminGenerationState = GenerationLabel | typeof WAITING_FOR_A_MODEL;

const GENERATION_QUEUES = [generateTopicCoursesJob, generateCourseOutlineJob, generateSubsectionJob, generateQuestionsJob, writeQuestionVariantsJob, judgeSectionJob].map((job) => job.name);

/** Whether a model is configured: without one, nothing generates. */
export function modelConfigured(): boolean {
  return describeModelSetup().model_configured;
}

/** A course's state for admins: Generating becomes "Waiting for a model" when no model is configured. */
export function adminGenerationState(course: { isDetailCreatedByAi: boolean; generationStatus: string }, hasModel = modelConfigured()): AdminGenerationState {
  const label = generationLabel(course);
  return label === "Generating" && !hasModel ? WAITING_FOR_A_MODEL : label;
}

export type GenerationQueue = {
  /** Generation jobs queued and not started (retries waiting included). */
  queued: number;
  /** Topics whose course proposals are queued (the topic's own, not a learner's personal course), with their titles. */
  topics: { topic_id: number; title: string }[];
};

/** The generation queue: its size and the topics waiting for their course proposals. */
export async function getGenerationQueue(db: DatabaseOrTransaction): Promise<GenerationQueue> {
  if (!(await jobTableExists(db))) return { queued: 0, topics: [] };
  const names = sql.join(GENERATION_QUEUES.map((name) => sql`${name}`), sql`, `);
  const [size, topicRows] = await Promise.all([
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN (${names}) AND state IN ('created', 'retry')`),
    db.execute<{ topic_id: number; title: string }>(sql`
      SELECT DISTINCT t.id AS topic_id, t.title
      FROM pgboss.job j
      JOIN topics t ON t.id = (j.data->>'topicId')::int
      WHERE j.name = ${generateTopicCoursesJob.name} AND j.state IN ('created', 'retry') AND j.data->>'userId' IS NULL
      ORDER BY t.title
    `),
  ]);
  return { queued: size.rows[0]?.n ?? 0, topics: topicRows.rows };
}

/**
 * A course nothing is writing: not started (pending) and no model on this server. Learners are
 * told so instead of "being generated" (docs/product-rules.md, "Course generation").
 */
export function waitsForModel(course: { is_detail_created_by_ai: boolean; generation_status: string }, hasModel = modelConfigured()): boolean {
  return !course.is_detail_created_by_ai && course.generation_status === "pending" && !hasModel;
}

export const NOT_WRITTEN_YET = "This course has not been written yet. Course writing is turned off here; ask your admin.";
