import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, topics, userTopics } from "../../../db/schema";
import { queueNewCourse, startWorker } from "../../../tests/harness/generation";
import { call, createUser } from "../../../tests/harness/http";
import { NO_MODEL_MESSAGE } from "../../platform/llm/client";
import { createTopicWithGeneration } from "./commands";

/*
 * The generation API and what happens without OPENAI_API_KEY: jobs wait (nothing runs, nothing
 * fails), and the status and admin endpoints say that no model is configured.
 */

delete process.env.OPENAI_API_KEY;
process.env.GENERATION_POLL_SECONDS = "0.5";

let worker: PgBoss;
let admin: Awaited<ReturnType<typeof createUser>>;
let learner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  worker = await startWorker();
  admin = await createUser("admin");
  learner = await createUser();
});

afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
});

async function jobs(queue: string) {
  const { rows } = await getDb().execute<{ state: string; data: Record<string, number>; singleton_key: string }>(
    sql`select state, data, singleton_key from pgboss.job where name = ${queue} order by created_on`,
  );
  return rows;
}

const id = (n: number) => ({ id: String(n) });

describe("without a model", () => {
  it("a queued course waits: still pending, its job still queued, and the status says no model is configured", async () => {
    const courseId = await queueNewCourse();
    await new Promise((r) => setTimeout(r, 2000));
    const [course] = await getDb().select().from(courses).where(eq(courses.id, courseId));
    expect(course!.generationStatus).toBe("pending");
    expect((await jobs("generate-course-outline")).filter((j) => j.data.courseId === courseId).map((j) => j.state)).toEqual(["created"]);

    const res = await call("GET /courses/:id/generation", { token: learner.token, params: id(courseId) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ course_id: courseId, status: "Generating", generation_status: "pending", sections_total: 0, sections_done: 0, error: null, model_configured: false, notice: NO_MODEL_MESSAGE });

    const overview = await call("GET /generation", { token: admin.token });
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ model_configured: false, notice: NO_MODEL_MESSAGE });
    expect(overview.body.generating.map((c: { id: number }) => c.id)).toContain(courseId);
    expect(overview.body.cost_by_day).toHaveLength(14);
  });
});

describe("GET /courses/{id}/generation", () => {
  it.each([
    ["anonymous", undefined, "1", 401],
    ["unknown course", "learner", "999999", 404],
    ["malformed id", "learner", "x1", 404],
  ])("%s", async (_name, who, courseId, status) => {
    const res = await call("GET /courses/:id/generation", { token: who ? learner.token : undefined, params: { id: courseId } });
    expect(res.status).toBe(status);
  });

  it("a seeded course reads Generated with its section count", async () => {
    const [course] = await getDb().select().from(courses).where(eq(courses.title, "Python Basics"));
    const res = await call("GET /courses/:id/generation", { token: learner.token, params: id(course!.id) });
    expect(res.body).toMatchObject({ status: "Generated", is_detail_created_by_ai: true, notice: null, error: null });
    expect(res.body.sections_done).toBe(res.body.sections_total);
    expect(res.body.sections_total).toBeGreaterThan(0);
  });
});

describe("admin endpoints", () => {
  it("learners get 403, anonymous callers 401", async () => {
    for (const handler of ["GET /generation", "GET /generation/runs"]) {
      expect((await call(handler, { token: learner.token })).status).toBe(403);
      expect((await call(handler)).status).toBe(401);
    }
    expect((await call("GET /courses/:id/generation/log", { token: learner.token, params: id(1) })).status).toBe(403);
    expect((await call("POST /courses/:id/generation/retry", { token: learner.token, params: id(1) })).status).toBe(403);
    expect((await call("POST /topics/:id/generation/retry", { token: learner.token, params: id(1) })).status).toBe(403);
  });

  it("topic retry: 404 unknown, 409 for a topic with courses, 202 and a queued job for one without", async () => {
    expect((await call("POST /topics/:id/generation/retry", { token: admin.token, params: id(999999) })).status).toBe(404);
    const [python] = await getDb().select().from(topics).where(eq(topics.title, "Python Programming"));
    expect(await call("POST /topics/:id/generation/retry", { token: admin.token, params: id(python!.id) })).toMatchObject({ status: 409, body: { detail: "This topic already has its courses." } });
    const [empty] = await getDb().insert(topics).values({ title: `Empty ${Date.now()}` }).returning();
    expect((await call("POST /topics/:id/generation/retry", { token: admin.token, params: id(empty!.id) })).status).toBe(202);
    expect((await jobs("generate-topic-courses")).filter((j) => j.data.topicId === empty!.id)).toHaveLength(1);
  });

  it("retry: 409 unless failed; a failed course gets a new attempt and a queued outline job", async () => {
    const courseId = await queueNewCourse();
    const notFailed = await call("POST /courses/:id/generation/retry", { token: admin.token, params: id(courseId) });
    expect(notFailed).toMatchObject({ status: 409, body: { detail: "Only a course whose generation failed can be retried." } });
    expect((await call("POST /courses/:id/generation/retry", { token: admin.token, params: id(999999) })).status).toBe(404);

    await getDb().update(courses).set({ generationStatus: "failed", generationError: "Outline: boom" }).where(eq(courses.id, courseId));
    const failed = await call("GET /courses/:id/generation", { token: admin.token, params: id(courseId) });
    expect(failed.body).toMatchObject({ status: "Failed", error: "Outline: boom" });
    const overview = await call("GET /generation", { token: admin.token });
    expect(overview.body.failed).toEqual([expect.objectContaining({ id: courseId, status: "Failed", error: "Outline: boom" })]);

    const retried = await call("POST /courses/:id/generation/retry", { token: admin.token, params: id(courseId) });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: "Generating", generation_status: "pending", attempt: 2, error: null });
    const outline = (await jobs("generate-course-outline")).filter((j) => j.data.courseId === courseId);
    expect(outline.map((j) => j.data.attempt)).toEqual([1, 2]);
  });

  it("the log and recent runs answer for admins", async () => {
    const courseId = await queueNewCourse();
    const log = await call("GET /courses/:id/generation/log", { token: admin.token, params: id(courseId) });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ course: { course_id: courseId }, runs: [], totals: { calls: 0, cost_usd: 0 } });
    const runs = await call("GET /generation/runs", { token: admin.token, path: "/generation/runs?limit=5" });
    expect(runs.status).toBe(200);
    expect(Array.isArray(runs.body)).toBe(true);
    expect((await call("GET /generation/runs", { token: admin.token, path: "/generation/runs?limit=0" })).status).toBe(422);
  });
});

describe("enqueueing is transactional", () => {
  it("POST /topics (the admin screen's call) queues the topic's course proposals", async () => {
    const res = await call("POST /topics", { token: admin.token, json: { title: `Queued topic ${Date.now()}`, description: "Proposals wanted." } });
    expect(res.status).toBe(201);
    const id = (res.body as { id: number }).id;
    const queued = (await jobs("generate-topic-courses")).filter((j) => j.data.topicId === id);
    expect(queued).toEqual([expect.objectContaining({ state: "created", singleton_key: `topic-${id}` })]);
  });

  it("a topic created with its generation: both or neither", async () => {
    const title = `Atomic topic ${Date.now()}`;
    await expect(
      getDb().transaction(async (tx) => {
        await createTopicWithGeneration(tx, { title, description: "", createdBy: admin.user.id });
        throw new Error("the caller fails after creating the topic");
      }),
    ).rejects.toThrow("the caller fails");
    expect(await getDb().select().from(topics).where(eq(topics.title, title))).toEqual([]);
    const before = (await jobs("generate-topic-courses")).length;

    const topic = await getDb().transaction((tx) => createTopicWithGeneration(tx, { title, description: "", createdBy: admin.user.id }));
    const queued = (await jobs("generate-topic-courses")).filter((j) => j.data.topicId === topic.id);
    expect(queued).toEqual([expect.objectContaining({ state: "created", singleton_key: `topic-${topic.id}` })]);
    expect((await jobs("generate-topic-courses")).length).toBe(before + 1);
    await expect(getDb().transaction((tx) => createTopicWithGeneration(tx, { title: title.toUpperCase(), description: "", createdBy: null }))).rejects.toThrow(
      "A topic with this title already exists.",
    );
  });
});

describe("POST /courses/generate (a course for the learner)", () => {
  it("is refused without a model, saying course writing is off: nothing is queued and the quota is untouched", async () => {
    const [topic] = await getDb().select().from(topics).where(eq(topics.title, "Python Programming"));
    await getDb().insert(userTopics).values({ userId: learner.user.id, topicId: topic!.id });
    const res = await call("POST /courses/generate", { token: learner.token, json: { topic_id: topic!.id } });
    expect([res.status, res.body]).toEqual([409, { detail: "Course writing is turned off here; ask your admin." }]);
    expect((await jobs("generate-topic-courses")).filter((j) => j.data.userId === learner.user.id)).toEqual([]);
    expect((await getDb().execute(sql`select 1 from course_requests where user_id = ${learner.user.id}`)).rows).toEqual([]);
    const request = await call("GET /users/me/course-request", { token: learner.token });
    expect(request.body).toMatchObject({ state: "none", model_configured: false });
  });
});
