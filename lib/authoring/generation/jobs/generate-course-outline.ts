import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import type { SendFollowUp } from "../follow-up";
import { generateCourseOutline } from "../pipeline";
import { sendQuestionsJob } from "./generate-questions";
import { sendSubsectionJob } from "./generate-subsection";
import { generationPolicy, modelForJobs } from "../../../platform/llm/model-jobs";
import { outlinePayload, type OutlinePayload } from "./payloads";

// One outline job per course and attempt: a retry is never swallowed by a stale attempt's queued job,
// and a stale attempt's job finds its attempt superseded and does nothing.
const outlineKey = (p: OutlinePayload) => `course-${p.courseId}-attempt-${p.attempt}`;

/** Sends a course's outline job (a new course, a retry, a topic's proposals). */
export const sendOutlineJob: SendFollowUp<OutlinePayload> = (tx, payload) => sendJob(generateCourseOutlineJob, payload, { tx });

/** generate-course-outline: a course's sections and subsection titles, then one job per part. */
export const generateCourseOutlineJob = {
  name: "generate-course-outline",
  schema: outlinePayload,
  policy: (env) => generationPolicy(env, { singletonKey: outlineKey }),
  handler: (payload, { db }) => generateCourseOutline(db, modelForJobs(), payload, { subsection: sendSubsectionJob, questions: sendQuestionsJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-course-outline", OutlinePayload>;
