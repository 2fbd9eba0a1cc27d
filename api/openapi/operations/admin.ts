import { questionStatsQuery } from "@/lib/validation/admin";
import { idPath } from "@/lib/validation/params";
import { dashboardStats, questionStatsList } from "@/lib/validation/responses/admin";
import { topicWithCreator } from "@/lib/validation/responses/learning";
import { topicSchema } from "@/lib/validation/topics";
import type { OperationDocs } from "../types";

/* Admin: topics, analytics and question statistics (README "Admin"). */

const DUPLICATE_TITLE = "A topic with this title already exists (case-insensitively).";

export const adminDocs: OperationDocs = {
  "POST /topics": {
    tag: "Admin",
    summary: "Create a topic",
    description: "Its course generation is requested in the same transaction.",
    access: "admin",
    body: { json: topicSchema },
    responses: { 201: { description: "The new topic.", schema: topicWithCreator } },
    errors: { 409: DUPLICATE_TITLE },
  },
  "PUT /topics/:id": {
    tag: "Admin",
    summary: "Edit a topic",
    access: "admin",
    path: idPath,
    body: { json: topicSchema },
    responses: { 200: { description: "The updated topic.", schema: topicWithCreator } },
    errors: { 404: "No such topic.", 409: DUPLICATE_TITLE },
  },
  "DELETE /topics/:id": {
    tag: "Admin",
    summary: "Delete a topic",
    description: "With its courses and everything under them.",
    access: "admin",
    path: idPath,
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such topic." },
  },
  "GET /dashboard/stats": {
    tag: "Admin",
    summary: "Analytics",
    access: "admin",
    responses: { 200: { description: "The figures.", schema: dashboardStats } },
  },
  "GET /quiz-questions/stats": {
    tag: "Admin",
    summary: "Question statistics",
    description: "Per quiz question: attempts, first-try correct rate, most chosen wrong option and a review flag.",
    access: "admin",
    query: questionStatsQuery,
    responses: { 200: { description: "One page of questions.", schema: questionStatsList, totalCount: true } },
  },
};
