import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSections, courses, enrollments, learningActivity, questionStats, quizAttempts, quizQuestions, topics } from "../../db/schema";
import { getDashboardActivity } from "../../lib/operations/admin/activity";
import { call } from "../harness/http";
import { quickAccount, type Account } from "./world";

/*
 * The admin analytics over a date range (GET /dashboard/stats/activity) and the Questions page's
 * search, filters and sorts (GET /quiz-questions/stats; docs/product-rules.md, Admin analytics and
 * Admin screens). The range figures are checked on a fixed clock far from every other test's rows.
 */

const tag = `qz${process.pid}x${Date.now().toString(36)}`;
let admin: Account;
let learner: Account;

beforeAll(async () => {
  [admin, learner] = await Promise.all([quickAccount("admin"), quickAccount()]);
});

describe("GET /dashboard/stats/activity", () => {
  it("answers the 7, 30 or 90 days asked (7 by default) and refuses any other range", async () => {
    for (const [query, days] of [["", 7], ["?days=30", 30], ["?days=90", 90]] as const) {
      const res = await call("GET /dashboard/stats/activity", { token: admin.token, path: `/dashboard/stats/activity${query}` });
      expect(res.status).toBe(200);
      expect(res.body.days).toBe(days);
      expect(res.body.daily_active_learners).toHaveLength(days);
      expect(res.body.daily_active_learners.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    }
    const bad = await call("GET /dashboard/stats/activity", { token: admin.token, path: "/dashboard/stats/activity?days=14" });
    expect(bad.status).toBe(422);
    expect((await call("GET /dashboard/stats/activity", { token: learner.token })).status).toBe(403);
  });

  it("counts active learners per day and week, the funnel of the range's enrolments, quizzes passed / attempted", async () => {
    const db = getDb();
    // A fixed clock in 2011: nothing else in the test database is that old. Today is Wednesday 2011-03-16.
    const now = new Date("2011-03-16T12:00:00Z");
    const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    const [topic] = await db.insert(topics).values({ title: `Range ${tag}` }).returning();
    const [course] = await db.insert(courses).values({ topicId: topic!.id, title: `Range course ${tag}`, level: "Beginner" }).returning();
    const [ann, ben, cat] = await Promise.all([quickAccount(), quickAccount(), quickAccount()]);
    const adminReader = await quickAccount("admin");
    await db.insert(learningActivity).values([
      { userId: ann!.id, courseId: course!.id, at: at("2011-03-16", 9) },
      { userId: ann!.id, courseId: course!.id, at: at("2011-03-16", 11) },
      { userId: ben!.id, courseId: course!.id, at: at("2011-03-14") },
      // Outside a 7-day range (2011-03-10 .. 16), inside 30 days.
      { userId: cat!.id, courseId: course!.id, at: at("2011-03-01") },
      // Admins are not learners.
      { userId: adminReader.id, courseId: course!.id, at: at("2011-03-16") },
    ]);
    await db.insert(quizAttempts).values([
      { userId: ann!.id, courseId: course!.id, sectionIndex: 0, score: 5, total: 5, passed: true, createdAt: at("2011-03-15") },
      { userId: ben!.id, courseId: course!.id, sectionIndex: 0, score: 2, total: 5, passed: false, createdAt: at("2011-03-14", 12) },
      { userId: cat!.id, courseId: course!.id, sectionIndex: 0, score: 5, total: 5, passed: true, createdAt: at("2011-02-20") },
    ]);
    await db.insert(enrollments).values([
      { userId: ann!.id, courseId: course!.id, enrolledAt: at("2011-03-11"), completedAt: at("2011-03-16") },
      { userId: ben!.id, courseId: course!.id, enrolledAt: at("2011-03-12") },
      { userId: cat!.id, courseId: course!.id, enrolledAt: at("2011-02-10") },
    ]);

    const week = await getDashboardActivity(getDb(), 7, now);
    expect(week).toMatchObject({ days: 7, from: "2011-03-10", to: "2011-03-16", active_learners: 2, quizzes_attempted: 2, quizzes_passed: 1 });
    expect(week.daily_active_learners.filter((d) => d.count > 0)).toEqual([
      { date: "2011-03-14", count: 1 },
      { date: "2011-03-15", count: 1 },
      { date: "2011-03-16", count: 1 },
    ]);
    // Thursday 10th .. Sunday 13th is the week of Monday the 7th; Monday 14th .. Wednesday 16th that of the 14th.
    expect(week.weekly_active_learners).toEqual([
      { week_start: "2011-03-07", count: 0 },
      { week_start: "2011-03-14", count: 2 },
    ]);
    expect(week.funnel).toEqual({ enrolled: 2, first_quiz_passed: 1, completed: 1 });

    const month = await getDashboardActivity(getDb(), 30, now);
    expect(month).toMatchObject({ from: "2011-02-15", active_learners: 3, quizzes_attempted: 3, quizzes_passed: 2 });
    expect(month.funnel).toEqual({ enrolled: 2, first_quiz_passed: 1, completed: 1 });
    expect((await getDashboardActivity(getDb(), 90, now)).funnel).toEqual({ enrolled: 3, first_quiz_passed: 2, completed: 1 });
  });
});

describe("GET /quiz-questions/stats: search, filters, sorts", () => {
  let courseA: number;
  let courseB: number;
  let topicId: number;
  const questionIds: Record<string, number> = {};

  beforeAll(async () => {
    const db = getDb();
    const [topic] = await db.insert(topics).values({ title: `Questions ${tag}` }).returning();
    topicId = topic!.id;
    const made = await db
      .insert(courses)
      .values([
        { topicId, title: `Alpha ${tag}`, level: "Beginner" },
        { topicId, title: `Beta ${tag}`, level: "Intermediate" },
      ])
      .returning();
    [courseA, courseB] = [made[0]!.id, made[1]!.id];
    const sections = await db
      .insert(courseSections)
      .values([
        { courseId: courseA, position: 0, title: "One" },
        { courseId: courseB, position: 0, title: "One" },
      ])
      .returning();
    const rows = [
      { key: "apple", section: sections[0]!.id, text: `Which apple ${tag}?` },
      { key: "banana", section: sections[0]!.id, text: `Which banana ${tag}?` },
      { key: "cherry", section: sections[1]!.id, text: `Which cherry ${tag}?` },
    ];
    const inserted = await db
      .insert(quizQuestions)
      .values(rows.map((r, i) => ({ sectionId: r.section, position: i, question: r.text, options: ["A", "B", "C", "D"], correctAnswer: "A" })))
      .returning({ id: quizQuestions.id });
    rows.forEach((r, i) => (questionIds[r.key] = inserted[i]!.id));
    // Attempts: banana most; first-try rates apple 100 %, cherry 50 %, banana nobody answered yet.
    await db.update(questionStats).set({ attempts: 2, learners: 2, firstCorrect: 2 }).where(eq(questionStats.questionId, questionIds.apple!));
    await db.update(questionStats).set({ attempts: 9, learners: 0, firstCorrect: 0 }).where(eq(questionStats.questionId, questionIds.banana!));
    await db.update(questionStats).set({ attempts: 4, learners: 2, firstCorrect: 1 }).where(eq(questionStats.questionId, questionIds.cherry!));
  });

  const list = async (query: Record<string, string>) => {
    const res = await call("GET /quiz-questions/stats", { token: admin.token, path: `/quiz-questions/stats?${new URLSearchParams(query)}` });
    expect(res.status).toBe(200);
    const byId = new Map(Object.entries(questionIds).map(([k, v]) => [v, k]));
    return { keys: (res.body as { id: number }[]).map((q) => byId.get(q.id) ?? "other"), total: Number(res.headers.get("x-total-count")) };
  };

  it.each([
    ["search (case-insensitive, part of the text)", { search: `APPLE ${tag}` }, ["apple"]],
    ["search within a topic", { search: tag, topic_id: "TOPIC" }, ["banana", "cherry", "apple"]],
    ["a course", { course_id: "A", search: tag }, ["banana", "apple"]],
    ["question text ascending", { search: tag, sort: "question" }, ["apple", "banana", "cherry"]],
    ["question text descending", { search: tag, sort: "question", order: "desc" }, ["cherry", "banana", "apple"]],
    ["attempts ascending", { search: tag, sort: "attempts" }, ["apple", "cherry", "banana"]],
    ["first-try rate descending, nobody-answered last", { search: tag, sort: "first_try", order: "desc" }, ["apple", "cherry", "banana"]],
    ["first-try rate ascending, nobody-answered last", { search: tag, sort: "first_try", order: "asc" }, ["cherry", "apple", "banana"]],
  ])("%s", async (_what, query, expected) => {
    const filled = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, v === "TOPIC" ? String(topicId) : v === "A" ? String(courseA) : v]),
    );
    const { keys, total } = await list(filled);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("pages a filtered list with its total, and a course of another topic finds nothing", async () => {
    const first = await list({ search: tag, sort: "question", limit: "2", page: "1" });
    const second = await list({ search: tag, sort: "question", limit: "2", page: "2" });
    expect([...first.keys, ...second.keys]).toEqual(["apple", "banana", "cherry"]);
    expect([first.total, second.total]).toEqual([3, 3]);
    expect((await list({ course_id: String(courseB), topic_id: String(topicId + 100000) })).keys).toEqual([]);
  });

  it.each([
    [{ sort: "nonsense" }, "sort must be one of question, attempts, first_try, learners"],
    [{ order: "up" }, "order must be asc or desc"],
    [{ topic_id: "abc" }, "topic_id must be a number"],
    [{ course_id: "0" }, "course_id must be 1 or more"],
  ])("refuses %o with 422", async (query, message) => {
    const res = await call("GET /quiz-questions/stats", { token: admin.token, path: `/quiz-questions/stats?${new URLSearchParams(query)}` });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it("is for admins only", async () => {
    expect((await call("GET /quiz-questions/stats", { token: learner.token, path: `/quiz-questions/stats?search=${tag}` })).status).toBe(403);
  });
});
