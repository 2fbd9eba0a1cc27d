import "server-only";
import type { LlmClient } from "../../llm/client";
import { topicCoursesPayload, type TopicCoursesPayload } from "../enqueue";
import { generateTopicCourses } from "../pipeline";
import { QUEUES } from "../queues";

/** generate-topic-courses: a new topic (or a learner's request) gets its courses; each queues its outline. */
export const generateTopicCoursesJob = {
  queue: QUEUES.topicCourses,
  payload: topicCoursesPayload,
  concurrency: 1,
  run: async (llm: LlmClient, data: TopicCoursesPayload) => {
    await generateTopicCourses(llm, data);
  },
};
