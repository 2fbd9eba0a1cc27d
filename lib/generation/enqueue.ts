import "server-only";
import { z } from "zod";
import { getEnv } from "../env";
import { sendJob, type SqlExecutor } from "../jobs/boss";
import { generationSendOptions, QUEUES } from "./queues";

/*
 * The payloads of the generation jobs and the one way to send each, always inside the caller's
 * transaction: the topic or course row and its job commit together (or neither does).
 */

const id = z.number().int().positive();

export const topicCoursesPayload = z.object({ topicId: id, userId: id.optional() });
export const outlinePayload = z.object({ courseId: id, attempt: z.number().int().min(1) });
export const sectionPayload = z.object({ courseId: id, attempt: z.number().int().min(1), sectionIndex: z.number().int().min(0) });
export const partPayload = sectionPayload.extend({ subsectionIndex: z.number().int().min(0) });

export type TopicCoursesPayload = z.infer<typeof topicCoursesPayload>;
export type OutlinePayload = z.infer<typeof outlinePayload>;
export type SectionPayload = z.infer<typeof sectionPayload>;
export type PartPayload = z.infer<typeof partPayload>;

const url = () => getEnv().DATABASE_URL;

export function sendTopicCoursesJob(tx: SqlExecutor, payload: TopicCoursesPayload) {
  const key = payload.userId ? `topic-${payload.topicId}-user-${payload.userId}` : `topic-${payload.topicId}`;
  return sendJob(url(), QUEUES.topicCourses, topicCoursesPayload.parse(payload), generationSendOptions(key), tx);
}

// One outline job per course and attempt: a retry is never swallowed by a stale attempt's queued job,
// and a stale attempt's job finds its attempt superseded and does nothing.
export function sendOutlineJob(tx: SqlExecutor, payload: OutlinePayload) {
  const key = `course-${payload.courseId}-attempt-${payload.attempt}`;
  return sendJob(url(), QUEUES.outline, outlinePayload.parse(payload), generationSendOptions(key), tx);
}

const partKey = (p: PartPayload) => `course-${p.courseId}-attempt-${p.attempt}-section-${p.sectionIndex}-part-${p.subsectionIndex}`;
// Earlier sections first, so the first section is readable soonest.
const partPriority = (p: PartPayload) => Math.max(0, 100 - p.sectionIndex);

export function sendSubsectionJob(tx: SqlExecutor, payload: PartPayload) {
  return sendJob(url(), QUEUES.subsection, partPayload.parse(payload), generationSendOptions(partKey(payload), partPriority(payload)), tx);
}

export function sendQuestionsJob(tx: SqlExecutor, payload: PartPayload) {
  return sendJob(url(), QUEUES.questions, partPayload.parse(payload), generationSendOptions(partKey(payload), partPriority(payload)), tx);
}
