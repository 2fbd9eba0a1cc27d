import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { generateTopicCourses } from "../pipeline";
import { sendOutlineJob } from "./generate-course-outline";
import { generationPolicy, modelForJobs } from "./policy";

const id = z.number().int().positive();

/**
 * Without userId: the topic's own courses; with it: one course for that learner, written from
 * `sourceId` (their own ready source) when given, else from the topic's sources, if any; with
 * `requestId`, the course of that request (its level and length: lib/course-requests/).
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

/** generate-topic-courses: a new topic (or a learner's request) gets its courses; each queues its outline. */
export const generateTopicCoursesJob = {
  name: "generate-topic-courses",
  schema: topicCoursesPayload,
  policy: (env) => generationPolicy(env, { singletonKey: topicKey, concurrency: 1 }),
  handler: (payload) => generateTopicCourses(modelForJobs(), payload, { outline: sendOutlineJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-topic-courses", TopicCoursesPayload>;
