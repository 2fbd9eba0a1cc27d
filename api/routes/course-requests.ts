import { getDb } from "@/db/client";
import { askForCourse } from "@/lib/authoring/course-requests/ask";
import { hideCourseCertificates } from "@/lib/authoring/course-requests/certificates";
import { getCourseRequest } from "@/lib/authoring/course-requests/latest";
import { listCourseRequests } from "@/lib/authoring/course-requests/list";
import { resumeRequest } from "@/lib/authoring/course-requests/resume";
import { requestView } from "@/lib/authoring/course-requests/view";
import { certificateVisibilitySchema, courseRequestListQuery, generateCourseSchema } from "@/lib/authoring/course-requests/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { certificateVisibility, courseRequest, courseRequestAccepted, courseRequestList, courseRequestView } from "@/lib/authoring/course-requests/responses";
import { endpoint } from "../endpoint";

/*
 * A learner's requests for courses of their own (docs/product-rules.md, "Course requests"): ask,
 * follow each request to the end, resume one that failed. Only the caller's own requests are read:
 * there is no user id to ask about, and someone else's request is the same 404 as none.
 */

export const generatePersonalCourse = endpoint(
  {
    method: "POST",
    path: "/courses/generate",
    access: "signed-in",
    tag: "Generation",
    summary: "Ask for a personal course",
    description:
      "A course written for the caller, visible only to them and admins: on one of their topics (`topic_id`) or on a subject they type (`subject`, checked: a short line of printable text, not instructions), at `level` (default: what their record in that subject suggests) and `length` (short, standard or long); with `source_id`, written from that source of the caller's own (it must be ready). One in writing at a time, a few a day, within the server's daily cap.",
    body: { json: generateCourseSchema },
    responses: { 202: { description: "The request was taken: follow it with GET /course-requests/{id}.", schema: courseRequestAccepted } },
    errors: {
      404: "No such topic, or no such source of the caller's own.",
      409: "A course of the caller's is being written (`detail` says when it should be ready), course writing is turned off (no model is configured), or the source is not ready (still being read, or it failed).",
      422: "The topic is not one of the caller's interests, or the subject cannot be asked for (`detail` says why).",
      429: "The caller's requests for today are used up, or the server's daily cap on learners' courses is; `detail` says when to ask again (also Retry-After).",
    },
  },
  async (c) => c.json(await askForCourse(getDb(), c.var.caller.id, c.req.valid("json")), 202),
);

export const listCourseRequestsEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/course-requests",
    access: "signed-in",
    tag: "Generation",
    summary: "Your course requests",
    description: "The caller's requests, newest first, each with its state, and how many they may still make today.",
    query: courseRequestListQuery,
    responses: { 200: { description: "The requests and the day's quota.", schema: courseRequestList } },
  },
  async (c) => c.json(await listCourseRequests(getDb(), c.var.caller.id, c.req.valid("query").limit)),
);

export const getCourseRequestByIdEndpoint = endpoint(
  {
    method: "GET",
    path: "/course-requests/:id",
    access: "signed-in",
    tag: "Generation",
    summary: "One of your course requests",
    description: "Its state: planning, writing (with its sections), waiting for review, ready, or failed (where and why, in words). Poll every few seconds while it is planning or writing.",
    params: idPath,
    responses: { 200: { description: "The request.", schema: courseRequestView } },
    errors: { 404: "No such request of the caller's." },
  },
  async (c) => c.json(await requestView(getDb(), c.var.caller.id, c.req.valid("param").id)),
);

export const resumeCourseRequestEndpoint = endpoint(
  {
    method: "POST",
    path: "/course-requests/:id/resume",
    access: "signed-in",
    tag: "Generation",
    summary: "Resume a failed course request",
    description: "Carries on from where writing stopped (what was written is kept). Uses none of the day's requests; its model calls count toward the server's daily cap.",
    params: idPath,
    responses: { 202: { description: "Writing was started again.", schema: courseRequestView } },
    errors: {
      404: "No such request of the caller's.",
      409: "The request has not failed, another course of the caller's is being written, or course writing is turned off.",
      429: "The server's daily cap on learners' courses is used up; `detail` says when (also Retry-After).",
    },
  },
  async (c) => c.json(await resumeRequest(getDb(), c.var.caller.id, c.req.valid("param").id), 202),
);

// The latest request in the shape it had before requests were kept one by one (lib/authoring/course-requests/latest.ts).
export const getCourseRequestEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/course-request",
    access: "signed-in",
    tag: "Generation",
    summary: "Your latest course request",
    description: "The state of the caller's latest `POST /courses/generate`: waiting, writing (with its sections, ready or not), ready or failed. GET /users/me/course-requests has every request.",
    responses: { 200: { description: "The request's state.", schema: courseRequest } },
  },
  async (c) => c.json(await getCourseRequest(getDb(), c.var.caller.id)),
);

export const setCertificateVisibilityEndpoint = endpoint(
  {
    method: "PUT",
    path: "/courses/:id/certificates/visibility",
    access: "admin",
    tag: "Admin",
    summary: "Hide a course's certificates",
    description: "With `hidden: true` the public pages of the course's certificates are not found (a learner's own course's title is the learner's request); `false` shows them again.",
    params: idPath,
    body: { json: certificateVisibilitySchema },
    responses: { 200: { description: "The course's certificates and whether they are hidden.", schema: certificateVisibility } },
    errors: { 404: "No such course." },
  },
  async (c) => c.json(await hideCourseCertificates(getDb(), c.req.valid("param").id, c.req.valid("json").hidden)),
);
