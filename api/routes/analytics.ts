import { listQuestionStats } from "@/lib/admin/question-stats";
import { getDashboardStats } from "@/lib/admin/stats";
import { questionStatsQuery } from "@/lib/validation/admin";
import { dashboardStats, questionStatsList } from "@/lib/validation/responses/admin";
import { endpoint } from "../endpoint";
import { sliceJson } from "../http/slice";

/* Analytics for admins: the dashboard's figures and how each quiz question fares. */

export const getDashboardStatsEndpoint = endpoint(
  {
    method: "GET",
    path: "/dashboard/stats",
    access: "admin",
    tag: "Admin",
    summary: "Analytics",
    responses: { 200: { description: "The figures.", schema: dashboardStats } },
  },
  async (c) => c.json(await getDashboardStats()),
);

export const listQuestionStatsEndpoint = endpoint(
  {
    method: "GET",
    path: "/quiz-questions/stats",
    access: "admin",
    tag: "Admin",
    summary: "Question statistics",
    description: "Per quiz question: attempts, first-try correct rate, most chosen wrong option and a review flag.",
    query: questionStatsQuery,
    responses: { 200: { description: "One page of questions.", schema: questionStatsList, totalCount: true } },
  },
  async (c) => {
    const { questions, total } = await listQuestionStats(c.req.valid("query"));
    return sliceJson(c, { items: questions, total });
  },
);
