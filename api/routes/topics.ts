import { getDb } from "@/db/client";
import { z } from "zod";
import { matchesIfNoneMatch } from "@/lib/platform/http/etag";
import { jsonTextResponse } from "@/lib/platform/http/json-response";
import { getTopicCourses, listTopicsView } from "@/lib/catalogue/topics/list-topics";
import { writeTopicCoursesNow } from "@/lib/authoring/generation/commands";
import { createTopic, deleteTopic, updateTopic } from "@/lib/catalogue/topics/manage-topics";
import { idPath } from "@/lib/platform/schemas/params";
import { adminTopic, topicCourses, topicSummary } from "@/lib/catalogue/topics/responses";
import { generationRequest } from "@/lib/authoring/generation/responses";
import { newTopicSchema, topicSchema } from "@/lib/catalogue/topics/schemas";
import { endpoint } from "../endpoint";

/* Topics: the public catalogue, and an admin's changes to it. */

const DUPLICATE_TITLE = "A topic with this title already exists (case-insensitively).";

// A strong ETag of the caller's view: If-None-Match with it gets a 304 without the body.
export const listTopics = endpoint(
  {
    method: "GET",
    path: "/topics",
    access: "public",
    tag: "Learning",
    summary: "List topics",
    description: "Every topic with its creator and courses. A learner's personal course is listed only for that learner and admins (send a credential to see yours).",
    responses: {
      200: { description: "Every topic.", schema: z.array(topicSummary), etag: true },
      304: { description: "Not modified: If-None-Match named the caller's current ETag (no body).", etag: true },
    },
  },
  async (c) => {
    const { body, etag } = await listTopicsView(getDb(), c.var.caller);
    if (matchesIfNoneMatch(c.req.raw, etag)) return new Response(null, { status: 304, headers: { etag } });
    return jsonTextResponse(body, { headers: { etag } });
  },
);

export const getTopicWithCourses = endpoint(
  {
    method: "GET",
    path: "/topics/:id/courses",
    access: "public",
    tag: "Learning",
    summary: "A topic's courses",
    params: idPath,
    responses: { 200: { description: "The topic and its courses.", schema: topicCourses } },
    errors: { 404: "No such topic." },
  },
  async (c) => c.json(await getTopicCourses(getDb(), c.var.caller, c.req.valid("param").id)),
);

export const createTopicEndpoint = endpoint(
  {
    method: "POST",
    path: "/topics",
    access: "admin",
    tag: "Admin",
    summary: "Create a topic",
    description: "Its course generation is requested in the same transaction; with `sources_first`, once the source files added to it have been read.",
    body: { json: newTopicSchema },
    responses: { 201: { description: "The new topic.", schema: adminTopic } },
    errors: { 409: DUPLICATE_TITLE },
  },
  async (c) => c.json(await createTopic(getDb(), c.var.caller, c.req.valid("json")), 201),
);

export const updateTopicEndpoint = endpoint(
  {
    method: "PUT",
    path: "/topics/:id",
    access: "admin",
    tag: "Admin",
    summary: "Edit a topic",
    params: idPath,
    body: { json: topicSchema },
    responses: { 200: { description: "The updated topic.", schema: adminTopic } },
    errors: { 404: "No such topic.", 409: DUPLICATE_TITLE },
  },
  async (c) => c.json(await updateTopic(getDb(), c.req.valid("param").id, c.req.valid("json"))),
);

export const deleteTopicEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/topics/:id",
    access: "admin",
    tag: "Admin",
    summary: "Delete a topic",
    description: "With its courses and everything under them.",
    params: idPath,
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such topic." },
  },
  async (c) => {
    await deleteTopic(getDb(), c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export const writeTopicCoursesNowEndpoint = endpoint(
  {
    method: "POST",
    path: "/topics/:id/generation/start",
    access: "admin",
    tag: "Generation",
    summary: "Write a topic's courses now",
    description: "For a topic without courses (one created sources first): its courses are proposed from the sources ready now.",
    params: idPath,
    responses: { 202: { description: "The courses are being written.", schema: generationRequest } },
    errors: { 404: "No such topic.", 409: "A source of the topic is still being read, or the topic already has its courses." },
  },
  async (c) => c.json(await writeTopicCoursesNow(getDb(), c.req.valid("param").id), 202),
);
