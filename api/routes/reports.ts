import { getDb } from "@/db/client";
import { listMyReports } from "@/lib/authoring/reports/my-reports";
import { listReportQueue } from "@/lib/authoring/reports/queue";
import { reportProblem } from "@/lib/authoring/reports/report-problem";
import { resolveReports } from "@/lib/authoring/reports/resolve";
import { myReportsQuery, reportQueueQuery, reportSchema, resolveReportsSchema, targetOf } from "@/lib/authoring/reports/schemas";
import { myReport, myReports, reportQueue, resolvedReports } from "@/lib/authoring/reports/responses";
import { endpoint } from "../endpoint";

/* Learner reports on lessons and quiz items, and the admins' queue of them (docs/product-rules.md, "Reports"). */

export const reportProblemEndpoint = endpoint(
  {
    method: "POST",
    path: "/reports",
    access: "signed-in",
    tag: "Learning",
    summary: "Report a problem",
    description:
      "Reports a problem with a lesson (`course_id`, `section_index`, `subsection_index`) the caller can read, or with a quiz or review item (`question_id`) the caller was shown (drawn for their attempt, revealed, or on a review card) of a section whose quiz they can open: a reason and an optional plain-text note. The caller's open report on the same target is updated instead (200). The answer never carries an answer key.",
    body: { json: reportSchema },
    responses: {
      201: { description: "The new report.", schema: myReport },
      200: { description: "The caller's open report on that target, updated.", schema: myReport },
    },
    errors: {
      404: "No such lesson or item among those the caller was served (someone else's personal course, a course not enrolled in, a locked lesson or quiz, an item never drawn for them).",
      429: "Too many reports; try again later.",
    },
  },
  async (c) => {
    const body = c.req.valid("json");
    const { report, created } = await reportProblem(getDb(), c.var.caller.id, targetOf(body)!, body);
    return c.json(report, created ? 201 : 200);
  },
);

export const listMyReportsEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/reports",
    access: "signed-in",
    tag: "Learning",
    summary: "Your reports",
    description: "The caller's reports, newest first (at most 50), each with whether an admin handled it; only those on one lesson or item when it is named.",
    query: myReportsQuery,
    responses: { 200: { description: "The caller's reports.", schema: myReports } },
  },
  async (c) => c.json({ reports: await listMyReports(getDb(), c.var.caller.id, targetOf(c.req.valid("query"))) }),
);

export const reportQueueEndpoint = endpoint(
  {
    method: "GET",
    path: "/reports",
    access: "admin",
    tag: "Admin",
    summary: "The reports queue",
    description:
      "One group per lesson or quiz item with anything open: learners' reports and the item's unresolved analytics flag, with its context (for an item: its options, key and explanation), most affected learners first.",
    query: reportQueueQuery,
    responses: { 200: { description: "One page of the queue.", schema: reportQueue } },
  },
  async (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(await listReportQueue(getDb(), { page, limit }));
  },
);

export const resolveReportsEndpoint = endpoint(
  {
    method: "POST",
    path: "/reports/resolve",
    access: "admin",
    tag: "Admin",
    summary: "Resolve a lesson's or item's reports",
    description:
      "Resolves everything open about one lesson or quiz item: its open reports (their learners see them handled) and its analytics flag, as `dismissed` or `fixed`, with an optional note for admins.",
    body: { json: resolveReportsSchema },
    responses: { 200: { description: "How much was resolved.", schema: resolvedReports } },
    errors: { 404: "Nothing open about that lesson or item (resolved already, or no such target)." },
  },
  async (c) => {
    const body = c.req.valid("json");
    return c.json(await resolveReports(getDb(), c.var.caller.id, targetOf(body)!, body.resolution, body.note || null));
  },
);
