import { getDb } from "@/db/client";
import { courseGenerationFor } from "@/lib/authoring/generation/course-generation";
import { retryCourseGeneration, retryTopicCourses } from "@/lib/authoring/generation/commands";
import { getCourseGenerationLog, getGenerationOverview, listRecentRuns } from "@/lib/authoring/generation/admin-overview";
import { recentRunsQuery } from "@/lib/authoring/generation/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { courseGeneration, generationLog, generationOverview, generationRequest, runList } from "@/lib/authoring/generation/responses";
import { endpoint } from "../endpoint";

/* Course generation: status polling, logs and retries (docs/architecture.md, "Course generation"); learners' requests are in ./course-requests.ts. */

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
  async (c) => c.json(await getGenerationOverview(getDb())),
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
  async (c) => c.json(await listRecentRuns(getDb(), c.req.valid("query").limit)),
);

// The failure reason is the model server's text: admins get it, learners a plain message (lib/authoring/generation/course-generation.ts).
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
  async (c) => c.json(await courseGenerationFor(getDb(), c.var.caller, c.req.valid("param").id)),
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
  async (c) => c.json(await getCourseGenerationLog(getDb(), c.req.valid("param").id)),
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
  async (c) => c.json(await retryCourseGeneration(getDb(), c.req.valid("param").id), 202),
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
  async (c) => c.json(await retryTopicCourses(getDb(), c.req.valid("param").id), 202),
);
