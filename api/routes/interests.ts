import { z } from "zod";
import { getDb } from "@/db/client";
import { hasInterests, listSelectedTopics, saveTopicPreferences } from "@/lib/practice/learning/interests";
import { topicPreferenceSchema } from "@/lib/practice/learning/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { interests, topicPreferenceResponse } from "@/lib/practice/learning/responses";
import { topicBrief } from "@/lib/catalogue/topics/responses";
import { endpoint } from "../endpoint";

/* A learner's interests: the topics they chose, which recommendations rank first. */

export const getInterests = endpoint(
  {
    method: "GET",
    path: "/users/interests",
    access: "signed-in",
    tag: "Learning",
    summary: "Whether you chose any topic",
    responses: { 200: { description: "`hasInterests`.", schema: interests } },
  },
  async (c) => c.json(await hasInterests(getDb(), c.var.caller.id)),
);

export const addTopicPreferences = endpoint(
  {
    method: "POST",
    path: "/users/topic-preference",
    access: "signed-in",
    tag: "Learning",
    summary: "Add topics to your interests",
    body: { json: topicPreferenceSchema },
    responses: { 200: { description: "The topics were added.", schema: topicPreferenceResponse } },
    errors: { 404: "An unknown topic id." },
  },
  async (c) => c.json(await saveTopicPreferences(getDb(), c.var.caller.id, c.req.valid("json").topic_ids)),
);

export const listSelectedTopicsEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/:id/selected-topics",
    access: "signed-in",
    tag: "Learning",
    summary: "A learner's chosen topics",
    params: idPath,
    owner: { in: "path", name: "id" },
    responses: { 200: { description: "The chosen topics.", schema: z.array(topicBrief) } },
  },
  async (c) => c.json(await listSelectedTopics(getDb(), c.req.valid("param").id)),
);
