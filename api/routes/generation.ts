import { courseGenerationFor } from "@/lib/courses/course-generation";
import { retryCourseGeneration, retryTopicCourses } from "@/lib/generation/commands";
import { getCourseGenerationLog, getGenerationOverview, listRecentRuns } from "@/lib/generation/reports";
import { getCourseRequest } from "@/lib/learning/course-request";
import { requestPersonalCourseWithinQuota } from "@/lib/learning/personal-course-quota";
import { recentRunsQuery } from "@/lib/validation/generation";
import { generateCourseSchema } from "@/lib/validation/learning";
import { courseRequest } from "@/lib/validation/responses/course-request";
import { idPath } from "@/lib/validation/params";
import { courseGeneration, generationLog, generationOverview, generationRequest, runList } from "@/lib/validation/responses/generation";
import { endpoint } from "../endpoint";

/* Course generation: status polling, logs, retries and personal courses (docs/architecture.md, "Course generation"). */

export const getGenerationOverviewEndpoint = endpoint(
  {
    method: "GET",
    path: "/generation",
    access: "admin",
    tag: "Generation",
    summary: "Generation overview",
    description: "Model setup (or that none is configured), live calls, courses generating and failed, recent runs, cost per day and per course.",
    responses: { 200: { description: "The overview.", schema: generationOverview } },
  },
  async (c) => c.json(await getGenerationOverview()),
);

export const listRecentRunsEndpoint = endpoint(
  {
    method: "GET",
    path: "/generation/runs",
    access: "admin",
    tag: "Generation",
    summary: "Recent model calls",
    query: recentRunsQuery,
    responses: { 200: { description: "The most recent calls, newest first.", schema: runList } },
  },
  async (c) => c.json(await listRecentRuns(c.req.valid("query").limit)),
);

// A few per learner per day (lib/learning/personal-course-quota.ts).
export const generatePersonalCourse = endpoint(
  {
    method: "POST",
    path: "/courses/generate",
    access: "signed-in",
    tag: "Generation",
    summary: "Ask for a personal course",
    description: "A course on one of the caller's topics, written for their level and history, visible only to them and admins; with `source_id`, written from that source of the caller's own (it must be ready). A few per learner per day.",
    body: { json: generateCourseSchema },
    responses: { 202: { description: "Generation was requested.", schema: generationRequest } },
    errors: {
      404: "No such topic, or no such source of the caller's own.",
      409: "A personal course is already being generated for the caller, course writing is turned off (no model is configured), or the source is not ready (still being read, or it failed).",
      422: "The topic is not one of the caller's interests.",
      429: "The daily quota is used up; `detail` says when to ask again (also Retry-After).",
    },
  },
  async (c) => {
    const { topic_id, source_id } = c.req.valid("json");
    return c.json(await requestPersonalCourseWithinQuota(c.var.caller.id, topic_id, source_id), 202);
  },
);

// The caller's own request only: there is no user id to ask about (lib/learning/course-request.ts).
export const getCourseRequestEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/course-request",
    access: "signed-in",
    tag: "Generation",
    summary: "Your latest course request",
    description: "The state of the caller's latest `POST /courses/generate`: waiting, writing (with its sections, ready or not), ready or failed. Poll every few seconds while it is waiting or writing.",
    responses: { 200: { description: "The request's state.", schema: courseRequest } },
  },
  async (c) => c.json(await getCourseRequest(c.var.caller.id)),
);

// The failure reason is the model server's text: admins get it, learners a plain message (lib/courses/course-generation.ts).
export const getCourseGenerationEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/generation",
    access: "signed-in",
    tag: "Generation",
    summary: "A course's generation status",
    description: "Poll every few seconds while `status` is Generating. `error` is the model server's text for admins only.",
    params: idPath,
    responses: { 200: { description: "The status.", schema: courseGeneration } },
    errors: { 404: "No such course (or someone else's personal course)." },
  },
  async (c) => c.json(await courseGenerationFor(c.var.caller, c.req.valid("param").id)),
);

export const getCourseGenerationLogEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/generation/log",
    access: "admin",
    tag: "Generation",
    summary: "A course's generation log",
    description: "Every step: model, tokens, duration, cost, error.",
    params: idPath,
    responses: { 200: { description: "The log.", schema: generationLog } },
    errors: { 404: "No such course." },
  },
  async (c) => c.json(await getCourseGenerationLog(c.req.valid("param").id)),
);

export const retryCourseGenerationEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/generation/retry",
    access: "admin",
    tag: "Generation",
    summary: "Retry a failed course",
    description: "Starts the generation again, keeping the sections already made.",
    params: idPath,
    responses: { 202: { description: "Generation was requested again.", schema: courseGeneration } },
    errors: { 404: "No such course.", 409: "The course's generation has not failed." },
  },
  async (c) => c.json(await retryCourseGeneration(c.req.valid("param").id), 202),
);

export const retryTopicCoursesEndpoint = endpoint(
  {
    method: "POST",
    path: "/topics/:id/generation/retry",
    access: "admin",
    tag: "Generation",
    summary: "Propose a topic's courses again",
    params: idPath,
    responses: { 202: { description: "Proposal was requested again.", schema: generationRequest } },
    errors: { 404: "No such topic.", 409: "The topic already has its courses." },
  },
  async (c) => c.json(await retryTopicCourses(c.req.valid("param").id), 202),
);
