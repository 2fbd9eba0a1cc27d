import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { generateTopicCourses } from "../pipeline";
import { sendOutlineJob } from "./generate-course-outline";
import { generationPolicy, modelForJobs } from "./policy";

const id = z.number().int().positive();

/** Without userId: the topic's own courses; with it: one course for that learner. */
export const topicCoursesPayload = z.object({ topicId: id, userId: id.optional(), sourceId: id.optional() });

export type TopicCoursesPayload = z.infer<typeof topicCoursesPayload>;

const topicKey = (p: TopicCoursesPayload) => (p.userId ? `topic-${p.topicId}-user-${p.userId}` : `topic-${p.topicId}`);

/** generate-topic-courses: a new topic (or a learner's request) gets its courses; each queues its outline. */
export const generateTopicCoursesJob = {
  name: "generate-topic-courses",
  schema: topicCoursesPayload,
  policy: (env) => generationPolicy(env, { singletonKey: topicKey, concurrency: 1 }),
  handler: (payload) => generateTopicCourses(modelForJobs(), payload, { outline: sendOutlineJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-topic-courses", TopicCoursesPayload>;
