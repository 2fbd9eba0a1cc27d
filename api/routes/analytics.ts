import { getDb } from "@/db/client";
import { getDashboardActivity } from "@/lib/operations/admin/activity";
import { listQuestionStats } from "@/lib/operations/admin/question-stats";
import { getDashboardStats } from "@/lib/operations/admin/stats";
import { activityQuery, questionStatsQuery } from "@/lib/operations/admin/schemas";
import { dashboardActivity, dashboardStats, questionStatsList } from "@/lib/operations/admin/responses";
import { endpoint } from "../endpoint";
import { sliceJson } from "../http/slice";

/* Analytics for admins: the dashboard's figures, activity over a date range, and how each quiz question fares. */

export const getDashboardStatsEndpoint = endpoint(
  {
    method: "GET",
    path: "/dashboard/stats",
    access: "admin",
    tag: "Admin",
    summary: "Analytics",
    responses: { 200: { description: "The figures.", schema: dashboardStats } },
  },
  async (c) => c.json(await getDashboardStats(getDb())),
);

export const getDashboardActivityEndpoint = endpoint(
  {
    method: "GET",
    path: "/dashboard/stats/activity",
    access: "admin",
    tag: "Admin",
    summary: "Activity over a date range",
    description:
      "Over `days` (7, 30 or 90; 7 when absent) UTC days ending today: daily and weekly active learners, the funnel of the enrolments made in the range " +
      "(enrolled, first quiz passed, completed) and the quizzes attempted and passed. Beside GET /dashboard/stats, which keeps its fields.",
    query: activityQuery,
    responses: { 200: { description: "The figures.", schema: dashboardActivity } },
  },
  async (c) => c.json(await getDashboardActivity(getDb(), c.req.valid("query").days)),
);

export const listQuestionStatsEndpoint = endpoint(
  {
    method: "GET",
    path: "/quiz-questions/stats",
    access: "admin",
    tag: "Admin",
    summary: "Question statistics",
    description:
      "Per quiz question: attempts, first-try correct rate, most chosen wrong option and a review flag. " +
      "`search` matches part of the question's text (case-insensitively); `topic_id` and `course_id` filter; `flag` keeps flagged questions; " +
      "`sort` (question, attempts, first_try, learners) and `order` (asc, desc) order the list, the id breaking ties, questions nobody answered last by first_try. " +
      "Without `sort`: flagged first, then the most answered.",
    query: questionStatsQuery,
    responses: { 200: { description: "One page of questions.", schema: questionStatsList, totalCount: true } },
  },
  async (c) => {
    const { questions, total } = await listQuestionStats(getDb(), c.req.valid("query"));
    return sliceJson(c, { items: questions, total });
  },
);
