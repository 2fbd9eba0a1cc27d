import { query as runsQuery } from "@/api/routes/generation/runs";
import { generateCourseSchema } from "@/lib/validation/learning";
import { idPath } from "@/lib/validation/params";
import { courseGeneration, generationLog, generationOverview, generationRequest, runList } from "@/lib/validation/responses/generation";
import type { OperationDocs } from "../types";

/* Course generation: status polling, logs, retries and personal courses (README "Generation"). */

export const generationDocs: OperationDocs = {
  "POST /courses/generate": {
    tag: "Generation",
    summary: "Ask for a personal course",
    description: "A course on one of the caller's topics, written for their level and history, visible only to them and admins. A few per learner per day.",
    access: "signed-in",
    body: { json: generateCourseSchema },
    responses: { 202: { description: "Generation was requested.", schema: generationRequest } },
    errors: {
      404: "No such topic.",
      409: "A personal course is already being generated for the caller.",
      422: "The topic is not one of the caller's interests.",
      429: "The daily quota is used up; `detail` says when to ask again (also Retry-After).",
    },
  },
  "GET /courses/:id/generation": {
    tag: "Generation",
    summary: "A course's generation status",
    description: "Poll every few seconds while `status` is Generating. `error` is the model server's text for admins only.",
    access: "signed-in",
    path: idPath,
    responses: { 200: { description: "The status.", schema: courseGeneration } },
    errors: { 404: "No such course (or someone else's personal course)." },
  },
  "GET /courses/:id/generation/log": {
    tag: "Generation",
    summary: "A course's generation log",
    description: "Every step: model, tokens, duration, cost, error.",
    access: "admin",
    path: idPath,
    responses: { 200: { description: "The log.", schema: generationLog } },
    errors: { 404: "No such course." },
  },
  "POST /courses/:id/generation/retry": {
    tag: "Generation",
    summary: "Retry a failed course",
    description: "Starts the generation again, keeping the sections already made.",
    access: "admin",
    path: idPath,
    responses: { 202: { description: "Generation was requested again.", schema: courseGeneration } },
    errors: { 404: "No such course.", 409: "The course's generation has not failed." },
  },
  "POST /topics/:id/generation/retry": {
    tag: "Generation",
    summary: "Propose a topic's courses again",
    access: "admin",
    path: idPath,
    responses: { 202: { description: "Proposal was requested again.", schema: generationRequest } },
    errors: { 404: "No such topic.", 409: "The topic already has its courses." },
  },
  "GET /generation": {
    tag: "Generation",
    summary: "Generation overview",
    description: "Model setup (or that none is configured), live calls, courses generating and failed, recent runs, cost per day and per course.",
    access: "admin",
    responses: { 200: { description: "The overview.", schema: generationOverview } },
  },
  "GET /generation/runs": {
    tag: "Generation",
    summary: "Recent model calls",
    access: "admin",
    query: runsQuery,
    responses: { 200: { description: "The most recent calls, newest first.", schema: runList } },
  },
};
