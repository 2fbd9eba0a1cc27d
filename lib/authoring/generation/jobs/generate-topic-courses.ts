import "server-only";
import { topicCoursesRequest, type TopicCoursesPayload } from "../../../catalogue";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { modelForJobs } from "../../../platform/llm/model-jobs";
import { generateTopicCourses } from "../pipeline";
import { sendOutlineJob } from "./generate-course-outline";

/** generate-topic-courses (declared by catalogue: lib/catalogue/topics/topic-courses-request.ts): a new topic (or a learner's request) gets its courses; each queues its outline. */
export const generateTopicCoursesJob = {
  ...topicCoursesRequest,
  handler: (payload, { db }) => generateTopicCourses(db, modelForJobs(), payload, { outline: sendOutlineJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-topic-courses", TopicCoursesPayload>;
