import { eq, inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { getDb } from "../../db/client";
import { courses, courseSections, courseSubsections, quizQuestions, topics } from "../../db/schema";
import { getEnv } from "../../lib/platform/env";
import { enqueueCourseGeneration } from "../../lib/authoring/generation/commands";
import { createBoss } from "../../lib/platform/jobs/boss";
import { generationJobs } from "../../worker/job-registry";
import { startJobRunner } from "../../lib/platform/jobs/runner";
import { startFakeOpenAi, type FakeOpenAi } from "./fake-openai";

/** Points the app's model settings at a fake server, with fast timeouts and retries for tests. */
export function pointModelAtFake(fake: FakeOpenAi, extra: Record<string, string> = {}) {
  Object.assign(process.env, {
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: "fake-model",
    OPENAI_TIMEOUT_MS: "10000",
    OPENAI_IDLE_TIMEOUT_MS: "1500",
    OPENAI_MAX_RETRIES: "2",
    GENERATION_RETRY_LIMIT: "1",
    GENERATION_RETRY_DELAY_SECONDS: "1",
    GENERATION_HEARTBEAT_SECONDS: "10",
    GENERATION_SUPERVISE_SECONDS: "2",
    GENERATION_POLL_SECONDS: "0.5",
    GENERATION_CONCURRENCY: "4",
    ...extra,
  });
}

/** A worker inside the test process (the kill test runs real worker processes instead). */
export async function startWorker(): Promise<PgBoss> {
  const env = getEnv();
  const boss = createBoss(env.DATABASE_URL, {
    max: 8,
    useListenNotify: true,
    superviseIntervalSeconds: env.GENERATION_SUPERVISE_SECONDS,
    monitorIntervalSeconds: env.GENERATION_SUPERVISE_SECONDS,
  });
  await boss.start();
  await startJobRunner(boss, generationJobs, env);
  return boss;
}

/**
 * A test file's fake model and in-process worker: the model settings point at the fake, the worker
 * runs for the file's tests, the fake's rules and request log are cleared before each test.
 */
export async function fakeModelWithWorker(): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  pointModelAtFake(fake);
  runWorkerWith(fake);
  beforeEach(() => fake.reset());
  return fake;
}

/** A test file's worker beside its fake model: started before its tests, both stopped after them. */
export function runWorkerWith(fake: FakeOpenAi) {
  let worker: PgBoss | undefined;
  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.stop({ graceful: false, close: true });
    await fake.close();
  });
}

let counter = 0;

/** A new course in a new topic, queued for generation the way the admin area does it. */
export async function queueNewCourse(title = "Course"): Promise<number> {
  counter++;
  return getDb().transaction(async (tx) => {
    const [topic] = await tx.insert(topics).values({ title: `Gen topic ${process.pid}-${Date.now()}-${counter}`, description: "For tests." }).returning();
    const [course] = await tx.insert(courses).values({ topicId: topic!.id, title: `${title} ${counter}`, description: "A test course.", level: "Beginner" }).returning();
    await enqueueCourseGeneration(tx, course!.id);
    return course!.id;
  });
}

export async function courseRow(courseId: number) {
  const [course] = await getDb().select().from(courses).where(eq(courses.id, courseId));
  return course!;
}

/** Waits until the course's generation has ended (done or failed). */
export async function waitForCourse(courseId: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const course = await courseRow(courseId);
    if (course.generationStatus === "done" || course.generationStatus === "failed") return course;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`course ${courseId} still ${(await courseRow(courseId)).generationStatus} after ${timeoutMs} ms`);
}

/** Row counts of a course's content, plus whether any position repeats. */
export async function contentCounts(courseId: number) {
  const db = getDb();
  const sections = await db.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId));
  const ids = sections.map((s) => s.id);
  if (!ids.length) return { sections: 0, subsections: 0, questions: 0, questionsPerSection: [] as number[] };
  const [subs] = await db.select({ n: sql<number>`count(*)::int` }).from(courseSubsections).where(inArray(courseSubsections.sectionId, ids));
  const perSection = await db
    .select({ sectionId: quizQuestions.sectionId, n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct lower(${quizQuestions.question}))::int` })
    .from(quizQuestions)
    .where(inArray(quizQuestions.sectionId, ids))
    .groupBy(quizQuestions.sectionId);
  return {
    sections: ids.length,
    subsections: subs!.n,
    questions: perSection.reduce((n, s) => n + s.n, 0),
    questionsPerSection: perSection.map((s) => s.n),
    distinctQuestions: perSection.reduce((n, s) => n + s.distinct, 0),
  };
}
