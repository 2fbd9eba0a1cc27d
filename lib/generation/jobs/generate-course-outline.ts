import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../jobs/definition";
import { sendJob } from "../../jobs/send";
import type { SendFollowUp } from "../follow-up";
import { generateCourseOutline } from "../pipeline";
import { sendQuestionsJob } from "./generate-questions";
import { sendSubsectionJob } from "./generate-subsection";
import { generationPolicy, modelForJobs } from "./policy";

export const outlinePayload = z.object({ courseId: z.number().int().positive(), attempt: z.number().int().min(1) });

export type OutlinePayload = z.infer<typeof outlinePayload>;

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
  handler: (payload) => generateCourseOutline(modelForJobs(), payload, { subsection: sendSubsectionJob, questions: sendQuestionsJob }),
  describe: (payload) => ({ payload }),
} satisfies JobDefinition<"generate-course-outline", OutlinePayload>;
