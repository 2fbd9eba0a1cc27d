import "server-only";
import { z } from "zod";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { JobContract } from "../../platform/jobs/definition";
import { sendJob } from "../../platform/jobs/send";
import { generationPolicy } from "../../platform/llm/model-jobs";

/*
 * The job that asks for a topic's courses: catalogue declares it (its name, payload and policy),
 * since creating a topic sends it in the same transaction, and authoring handles it
 * (lib/authoring/generation/jobs/generate-topic-courses.ts adds the handler).
 */

const id = z.number().int().positive();

/**
 * Without userId: the topic's own courses; with it: one course for that learner, written from
 * `sourceId` (their own ready source) when given, else from the topic's sources, if any; with
 * `requestId`, the course of that request (its level and length: lib/authoring/course-requests/).
 */
export const topicCoursesPayload = z.object({ topicId: id, userId: id.optional(), sourceId: id.optional(), afterSourceId: id.optional(), requestId: id.optional() });

export type TopicCoursesPayload = z.infer<typeof topicCoursesPayload>;

/*
 * One job per key at a time (created, retry or active). The proposals a topic source's reading
 * queues when it ends (`afterSourceId`) have a key of that source: the job that saw the source
 * still being read may still be active (returning) at that moment, and would otherwise swallow
 * the new one (docs/sources.md, "Generation from sources"). Two jobs of one topic write its
 * courses once: the later one finds them and stops before calling the model.
 */
const topicKey = (p: TopicCoursesPayload) =>
  p.requestId ? `request-${p.requestId}` : p.userId ? `topic-${p.topicId}-user-${p.userId}` : p.afterSourceId ? `topic-${p.topicId}-source-${p.afterSourceId}` : `topic-${p.topicId}`;

export const topicCoursesRequest = {
  name: "generate-topic-courses",
  schema: topicCoursesPayload,
  policy: (env) => generationPolicy(env, { singletonKey: topicKey, concurrency: 1 }),
} satisfies JobContract<"generate-topic-courses", TopicCoursesPayload>;

/**
 * Queues course proposals for a topic, in the caller's transaction (with the topic row); for a
 * learner's request, optionally written from their own ready source (docs/sources.md).
 */
export async function enqueueTopicCourses(
  tx: DatabaseOrTransaction,
  topicId: number,
  options: { userId?: number; sourceId?: number; afterSourceId?: number } = {},
): Promise<void> {
  const { userId, sourceId, afterSourceId } = options;
  const who = userId ? { userId, ...(sourceId ? { sourceId } : {}) } : afterSourceId ? { afterSourceId } : {};
  await sendJob(topicCoursesRequest, { topicId, ...who }, { tx });
}
