import { count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../../db/client";
import {
  courseSections,
  courseSubsections,
  courses,
  enrollments,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  topics,
  users,
} from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { onTopicCreated } from "../../catalogue/topics/on-topic-created";

// The hook queues the topic's course generation (lib/catalogue/topics/on-topic-created.ts); here it is only
// observed (and once made to fail).
vi.mock("../../catalogue/topics/on-topic-created", () => ({ onTopicCreated: vi.fn(async () => undefined) }));

type Account = Awaited<ReturnType<typeof createUser>>;

let admin: Account;
let learner: Account;
let seq = 0;
const uniqueTitle = (prefix = "Topic") => `${prefix} ${Date.now()} ${++seq}`;

beforeAll(async () => {
  admin = await createUser("admin");
  learner = await createUser();
});

async function createTopicAsAdmin(title = uniqueTitle()) {
  const res = await call("POST /topics", { token: admin.token, json: { title, description: "What it is about." } });
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string; description: string };
}

/** A course under the topic with one section, subsection and question, a learner enrolled, and an attempt answered. */
async function courseWithEverything(topicId: number) {
  const db = getDb();
  const [course] = await db.insert(courses).values({ topicId, title: uniqueTitle("Course"), level: "Beginner" }).returning();
  const [section] = await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "S" }).returning();
  await db.insert(courseSubsections).values({ sectionId: section!.id, position: 0, title: "Sub", content: "Text" });
  const [question] = await db
    .insert(quizQuestions)
    .values({ sectionId: section!.id, position: 0, question: "Q?", options: ["A", "B", "C", "D"], correctAnswer: "A" })
    .returning();
  const someone = await createUser();
  await db.insert(enrollments).values({ userId: someone.user.id, courseId: course!.id });
  const [attempt] = await db.insert(quizAttempts).values({ userId: someone.user.id, courseId: course!.id, sectionIndex: 0, score: 0, total: 1, passed: false }).returning();
  await db.insert(quizAnswers).values({ attemptId: attempt!.id, questionId: question!.id, chosenOption: "B", isCorrect: false });
  return { course: course!, section: section!, question: question!, attempt: attempt!, learner: someone };
}

describe("admin-only endpoints refuse anonymous callers (401) and learners (403)", () => {
  const endpoints = [
    ["GET /dashboard/stats", () => ({ handler: "GET /dashboard/stats", options: {} })],
    ["POST /topics", () => ({ handler: "POST /topics", options: { json: { title: uniqueTitle(), description: "d" } } })],
    ["PUT /topics/{id}", () => ({ handler: "PUT /topics/:id", options: { method: "PUT", params: { id: "1" }, json: { title: uniqueTitle(), description: "d" } } })],
    ["DELETE /topics/{id}", () => ({ handler: "DELETE /topics/:id", options: { method: "DELETE", params: { id: "1" } } })],
    ["GET /quiz-questions/stats", () => ({ handler: "GET /quiz-questions/stats", options: { path: "/quiz-questions/stats" } })],
  ] as const;

  it.each(endpoints)("%s", async (_name, make) => {
    const { handler, options } = make();
    const before = await getDb().select({ n: count() }).from(topics);
    const anonymous = await call(handler, options);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: "Not authenticated. Please log in." });
    const forbidden = await call(handler, { ...options, token: learner.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: "You do not have permission to do this." });
    // Nothing was written or deleted by either refused call.
    expect(await getDb().select({ n: count() }).from(topics)).toEqual(before);
  });
});

describe("POST /topics", () => {
  it("creates the topic (201) with the admin as creator; it is listed with no courses yet", async () => {
    const title = uniqueTitle("  Rust Programming");
    const res = await call("POST /topics", { token: admin.token, json: { title, description: "Ownership, borrowing\nand lifetimes." } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: title.trim(),
      description: "Ownership, borrowing\nand lifetimes.",
      created_at: expect.any(String),
      creator: { first_name: admin.user.firstName, last_name: admin.user.lastName },
      generation_review: null,
      sources_first: false,
    });
    const list = await call("GET /topics");
    const listed = list.body.find((t: { id: number }) => t.id === res.body.id);
    expect(listed).toMatchObject({ title: title.trim(), totalCourses: 0, courses: [] });
  });

  it("asks for course generation inside the topic's transaction, and a failure there creates no topic", async () => {
    const hook = vi.mocked(onTopicCreated);
    hook.mockClear();
    // Inside the hook the new topic is visible through its handle but not yet committed for anyone else.
    const seen = { inTransaction: -1, outside: -1 };
    hook.mockImplementationOnce(async (tx, topicId) => {
      seen.inTransaction = (await tx.select().from(topics).where(eq(topics.id, topicId))).length;
      seen.outside = (await getDb().select().from(topics).where(eq(topics.id, topicId))).length;
    });
    const created = await createTopicAsAdmin();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1]).toBe(created.id);
    expect(seen).toEqual({ inTransaction: 1, outside: 0 });

    // Sources first: no proposals now (the end of its sources' reading asks for them, lib/authoring/sources/sources-first.test.ts).
    hook.mockClear();
    const sourcesFirst = await call("POST /topics", { token: admin.token, json: { title: uniqueTitle("Sources first"), description: "d", sources_first: true } });
    expect(sourcesFirst).toMatchObject({ status: 201, body: { sources_first: true } });
    expect(hook).not.toHaveBeenCalled();

    const title = uniqueTitle("Doomed");
    hook.mockRejectedValueOnce(new Error("queue unavailable"));
    const res = await call("POST /topics", { token: admin.token, json: { title, description: "d" } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Something went wrong." });
    expect(await getDb().select().from(topics).where(eq(topics.title, title))).toEqual([]);
  });

  it("refuses a title that exists already, whatever its case (409)", async () => {
    const res = await call("POST /topics", { token: admin.token, json: { title: "python programming", description: "Again" } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("A topic with this title already exists.");
  });

  it.each([
    ["a missing title", { json: { description: "d" } }, 422, "Title is required"],
    ["a blank title", { json: { title: "   ", description: "d" } }, 422, "Title is required"],
    ["a title of 121 characters", { json: { title: "x".repeat(121), description: "d" } }, 422, "Title must be at most 120 characters"],
    ["a numeric title", { json: { title: 42, description: "d" } }, 422, "Title is required"],
    ["a missing description", { json: { title: "Fine title" } }, 422, "Description is required"],
    ["a description of 2001 characters", { json: { title: "Fine title", description: "y".repeat(2001) } }, 422, "Description must be at most 2000 characters"],
    ["malformed JSON", { body: "{title:", contentType: "application/json" }, 400, "Malformed JSON body."],
    ["a JSON array", { body: "[]", contentType: "application/json" }, 400, "The request body must be a JSON object."],
    ["a form body", { form: { title: "Fine title", description: "d" } }, 415, "Content-Type must be application/json."],
  ])("refuses %s", async (_name, options, status, detail) => {
    const before = await getDb().select({ n: count() }).from(topics);
    const res = await call("POST /topics", { method: "POST", token: admin.token, ...options });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
    expect(await getDb().select({ n: count() }).from(topics)).toEqual(before);
  });
});

describe("PUT /topics/{id}", () => {
  it("changes the title and description", async () => {
    const topic = await createTopicAsAdmin();
    const title = uniqueTitle("Renamed");
    const res = await call("PUT /topics/:id", { method: "PUT", token: admin.token, params: { id: String(topic.id) }, json: { title, description: "New words." } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: topic.id, title, description: "New words." });
    const [row] = await getDb().select().from(topics).where(eq(topics.id, topic.id));
    expect(row).toMatchObject({ title, description: "New words." });
  });

  it("keeps its own title in another case, but refuses another topic's title (409)", async () => {
    const topic = await createTopicAsAdmin();
    const own = await call("PUT /topics/:id", { method: "PUT", token: admin.token, params: { id: String(topic.id) }, json: { title: topic.title.toUpperCase(), description: "d" } });
    expect(own.status).toBe(200);
    const taken = await call("PUT /topics/:id", { method: "PUT", token: admin.token, params: { id: String(topic.id) }, json: { title: "Databases and SQL", description: "d" } });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe("A topic with this title already exists.");
  });

  it.each([
    ["an unknown id", "999999", { json: { title: "T", description: "d" } }, 404, "Topic not found."],
    ["a non-numeric id", "abc", { json: { title: "T", description: "d" } }, 404, "Not Found"],
    ["a missing title", "1", { json: { description: "d" } }, 422, "Title is required"],
    ["a long title", "1", { json: { title: "x".repeat(121), description: "d" } }, 422, "Title must be at most 120 characters"],
    ["malformed JSON", "1", { body: "{", contentType: "application/json" }, 400, "Malformed JSON body."],
  ])("refuses %s", async (_name, id, options, status, detail) => {
    const res = await call("PUT /topics/:id", { method: "PUT", token: admin.token, params: { id }, ...options });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });
});

describe("DELETE /topics/{id}", () => {
  it("answers 204 and takes the topic's courses and everything under them along", async () => {
    const topic = await createTopicAsAdmin();
    const first = await courseWithEverything(topic.id);
    const second = await courseWithEverything(topic.id);
    const other = await courseWithEverything((await createTopicAsAdmin()).id);

    const res = await call("DELETE /topics/:id", { method: "DELETE", token: admin.token, params: { id: String(topic.id) } });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    const db = getDb();
    const courseIds = [first.course.id, second.course.id];
    const sectionIds = [first.section.id, second.section.id];
    expect(await db.select().from(topics).where(eq(topics.id, topic.id))).toEqual([]);
    expect(await db.select().from(courses).where(inArray(courses.id, courseIds))).toEqual([]);
    expect(await db.select().from(courseSections).where(inArray(courseSections.id, sectionIds))).toEqual([]);
    expect(await db.select().from(courseSubsections).where(inArray(courseSubsections.sectionId, sectionIds))).toEqual([]);
    expect(await db.select().from(quizQuestions).where(inArray(quizQuestions.sectionId, sectionIds))).toEqual([]);
    expect(await db.select().from(enrollments).where(inArray(enrollments.courseId, courseIds))).toEqual([]);
    expect(await db.select().from(quizAttempts).where(inArray(quizAttempts.courseId, courseIds))).toEqual([]);
    expect(await db.select().from(quizAnswers).where(inArray(quizAnswers.attemptId, [first.attempt.id, second.attempt.id]))).toEqual([]);
    // The learners themselves stay, and so does another topic's course.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, first.learner.user.id))).toHaveLength(1);
    expect(await db.select({ id: courses.id }).from(courses).where(eq(courses.id, other.course.id))).toHaveLength(1);

    const again = await call("DELETE /topics/:id", { method: "DELETE", token: admin.token, params: { id: String(topic.id) } });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("Topic not found.");
  });

  it("refuses a non-numeric id with 404", async () => {
    const res = await call("DELETE /topics/:id", { method: "DELETE", token: admin.token, params: { id: "1; DROP TABLE topics" } });
    expect(res.status).toBe(404);
  });
});

describe("GET /topics/{id}/courses (the View Courses dialog)", () => {
  it("lists each course with its level and generation status", async () => {
    const topic = await createTopicAsAdmin();
    await getDb()
      .insert(courses)
      .values([
        { topicId: topic.id, title: "Done one", level: "Beginner", isDetailCreatedByAi: true, generationStatus: "done" },
        { topicId: topic.id, title: "Running one", level: "Intermediate", generationStatus: "running" },
        { topicId: topic.id, title: "Failed one", level: "Advanced", generationStatus: "failed", generationError: "bad JSON" },
      ]);
    const res = await call("GET /topics/:id/courses", { params: { id: String(topic.id) } });
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: Record<string, unknown>) => [c.course_title, c.course_level, c.is_detail_created_by_ai, c.generation_status])).toEqual([
      ["Done one", "Beginner", true, "done"],
      ["Running one", "Intermediate", false, "running"],
      ["Failed one", "Advanced", false, "failed"],
    ]);
  });
});

describe("GET /dashboard/stats on the seeded database", () => {
  it("returns every field of the analytics answer, equal to direct SQL", async () => {
    // Some activity first, so the numbers are not all zero: an enrolment and two attempts, one passed.
    const topic = await createTopicAsAdmin();
    const { course, learner: someone } = await courseWithEverything(topic.id);
    await getDb().insert(quizAttempts).values({ userId: someone.user.id, courseId: course.id, sectionIndex: 0, score: 1, total: 1, passed: true });

    const res = await call("GET /dashboard/stats", { token: admin.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["completion_rate", "daily_new_users", "least_attempted", "most_attempted", "passed_quizzes", "quiz_count", "topic_count", "user_count"].sort(),
    );

    const one = async (query: ReturnType<typeof sql>) => Number((await getDb().execute<{ n: string }>(query)).rows[0]!.n);
    const userCount = await one(sql`SELECT count(*) AS n FROM users`);
    const quizCount = await one(sql`SELECT count(*) AS n FROM quiz_attempts`);
    const passed = await one(sql`SELECT count(*) AS n FROM quiz_attempts WHERE passed`);
    expect(res.body.user_count).toBe(userCount);
    expect(res.body.topic_count).toBe(await one(sql`SELECT count(*) AS n FROM topics`));
    expect(res.body.quiz_count).toBe(quizCount);
    expect(res.body.passed_quizzes).toBe(passed);
    expect(quizCount).toBeGreaterThanOrEqual(2);
    expect(res.body.completion_rate).toBe(Math.round((passed / quizCount) * 1000) / 10);

    // Every user of this test database was created today (seed and tests): 7 days, all zero but today.
    const todayCount = await one(sql`SELECT count(*) AS n FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`);
    const days = res.body.daily_new_users as { date: string; count: number }[];
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)).toEqual({ date: today, count: todayCount });
    expect(days.slice(0, 6).map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(days.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${today}T00:00:00Z`) - (6 - i) * 86_400_000).toISOString().slice(0, 10)),
    );

    const ranked = (
      await getDb().execute<{ title: string; user_count: number }>(sql`
        SELECT t.title, (SELECT count(DISTINCT e.user_id)::int FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE c.topic_id = t.id) AS user_count
        FROM topics t`)
    ).rows;
    const byMost = [...ranked].sort((a, b) => b.user_count - a.user_count || a.title.localeCompare(b.title));
    const byLeast = [...ranked].sort((a, b) => a.user_count - b.user_count || a.title.localeCompare(b.title));
    expect(res.body.most_attempted).toEqual(byMost.slice(0, 3));
    expect(res.body.least_attempted).toEqual(byLeast.slice(0, 3));
    expect(res.body.most_attempted[0].user_count).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /quiz-questions/stats (the Questions panel)", () => {
  it("per question: attempts, first-try correct rate, most chosen wrong option, and review flags", async () => {
    const topic = await createTopicAsAdmin();
    const db = getDb();
    const [course] = await db.insert(courses).values({ topicId: topic.id, title: "Stats course", level: "Beginner" }).returning();
    const [section] = await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "Only section" }).returning();
    const [hard, easy, fewTries] = await db
      .insert(quizQuestions)
      .values([
        { sectionId: section!.id, position: 0, question: "Hard?", options: ["A", "B", "C", "D"], correctAnswer: "A" },
        { sectionId: section!.id, position: 1, question: "Easy?", options: ["A", "B", "C", "D"], correctAnswer: "A" },
        { sectionId: section!.id, position: 2, question: "Few tries?", options: ["A", "B", "C", "D"], correctAnswer: "A" },
      ])
      .returning();

    let minute = 0;
    async function attempt(userId: number, answers: [number, string | null][]) {
      const at = new Date(Date.UTC(2025, 0, 1, 10, minute++));
      const [row] = await db
        .insert(quizAttempts)
        .values({ userId, courseId: course!.id, sectionIndex: 0, score: 0, total: answers.length, passed: false, createdAt: at })
        .returning();
      await db.insert(quizAnswers).values(answers.map(([questionId, chosen]) => ({ attemptId: row!.id, questionId, chosenOption: chosen, isCorrect: chosen === "A" })));
    }
    // Six learners. "Hard": 5 miss it first (B, B, B, C, skip), 1 is right (1/6 = 16.7 % < 20 %); the misses then retry right.
    // "Easy": all six right first. "Few tries": only four learners, all wrong: too few to flag.
    const learners = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const firstHard = ["B", "B", "B", "C", null, "A"];
    for (const [i, who] of learners.entries()) {
      await attempt(who.user.id, [
        [hard!.id, firstHard[i]!],
        [easy!.id, "A"],
        ...(i < 4 ? ([[fewTries!.id, "D"]] as [number, string][]) : []),
      ]);
    }
    for (const who of learners.slice(0, 5)) await attempt(who.user.id, [[hard!.id, "A"]]);

    const res = await call("GET /quiz-questions/stats", { token: admin.token, path: "/quiz-questions/stats?limit=100" });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((q: { id: number }) => [q.id, q]));
    expect(byId.get(hard!.id)).toEqual({
      id: hard!.id,
      question: "Hard?",
      correct_answer: "A",
      course_id: course!.id,
      course_title: "Stats course",
      section_index: 0,
      section_title: "Only section",
      attempts: 11,
      learners: 6,
      first_try_correct_rate: 16.7,
      most_chosen_wrong: { option: "B", count: 3 },
      flag: "almost_everyone_misses",
    });
    expect(byId.get(easy!.id)).toMatchObject({ attempts: 6, learners: 6, first_try_correct_rate: 100, most_chosen_wrong: null, flag: "almost_nobody_misses" });
    expect(byId.get(fewTries!.id)).toMatchObject({ attempts: 4, learners: 4, first_try_correct_rate: 0, most_chosen_wrong: { option: "D", count: 4 }, flag: null });

    // Flagged questions come first; the filter keeps only them; paging and X-Total-Count.
    expect(res.body[0].flag).not.toBeNull();
    const flagged = await call("GET /quiz-questions/stats", { token: admin.token, path: "/quiz-questions/stats?flag=flagged" });
    expect(flagged.body.map((q: { id: number }) => q.id).sort()).toEqual([hard!.id, easy!.id].sort());
    expect(flagged.headers.get("x-total-count")).toBe("2");
    const hardOnly = await call("GET /quiz-questions/stats", { token: admin.token, path: "/quiz-questions/stats?flag=almost_everyone_misses" });
    expect(hardOnly.body.map((q: { id: number }) => q.id)).toEqual([hard!.id]);

    const total = Number(res.headers.get("x-total-count"));
    const [{ n }] = (await db.select({ n: count() }).from(quizQuestions)) as [{ n: number }];
    expect(total).toBe(n);
    const page2 = await call("GET /quiz-questions/stats", { token: admin.token, path: "/quiz-questions/stats?page=2&limit=5" });
    expect(page2.body.map((q: { id: number }) => q.id)).toEqual(res.body.slice(5, 10).map((q: { id: number }) => q.id));
    const past = await call("GET /quiz-questions/stats", { token: admin.token, path: "/quiz-questions/stats?page=100000&limit=100" });
    expect(past.body).toEqual([]);
    expect(Number(past.headers.get("x-total-count"))).toBe(n);
  });

  it.each([
    ["an unknown flag", "?flag=bogus", "Unknown flag"],
    ["a zero limit", "?limit=0", undefined],
    ["a page of letters", "?page=abc", undefined],
  ])("refuses %s with 422", async (_name, query, detail) => {
    const res = await call("GET /quiz-questions/stats", { token: admin.token, path: `/quiz-questions/stats${query}` });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(detail ?? expect.any(String));
  });
});
