import { z } from "zod";
import { hasInterests, listSelectedTopics, saveTopicPreferences } from "@/lib/learning/interests";
import { topicPreferenceSchema } from "@/lib/validation/learning";
import { idPath } from "@/lib/validation/params";
import { interests, topicBrief, topicPreferenceResponse } from "@/lib/validation/responses/learning";
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
  async (c) => c.json(await hasInterests(c.var.caller.id)),
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
  async (c) => c.json(await saveTopicPreferences(c.var.caller.id, c.req.valid("json").topic_ids)),
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
  async (c) => c.json(await listSelectedTopics(c.req.valid("param").id)),
);
