import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, courseSources, courseSubsections, sourcePassages, sources, subsectionCitations, topics } from "../../../db/schema";
import { fakeModelWithWorker, waitForCourse } from "../../../tests/harness/generation";
import { call, createUser } from "../../../tests/harness/http";
import { pollUntil } from "../../../tests/harness/poll";
import { enqueueTopicCourses } from "../../catalogue/topics/topic-courses-request";
import { logger } from "../../platform/log/logger";
import { extractSource, failSource } from "./extraction";
import { STILL_READING } from "./topic-reading";

/*
 * When a topic's courses are proposed, with its sources (docs/sources.md, "Generation from
 * sources" and "What admins see"): a topic created sources first gets none until its source has
 * been read, then courses written from it; a topic whose proposals ran while a source was still
 * being read waits for it; "Write the courses now" and its refusals. Sources are uploaded through
 * the API and read by the real extraction (its child process); the extraction is run here, in
 * order, instead of by a worker, so each step's moment is certain. The generation jobs run on the
 * fake model.
 */

await fakeModelWithWorker();
const db = getDb();
const admin = await createUser("admin");
let counter = 0;

const HANDBOOK = [
  "# Expenses",
  "",
  "Travel expenses are reimbursed within thirty days of the claim. Receipts are attached to every claim. A claim without receipts is returned to its author.",
  "",
  "# Holidays",
  "",
  "Every employee has twenty-five days of paid holiday a year. Unused days carry over until the end of March. Holidays are booked in the team calendar two weeks ahead.",
  "",
  "# Security",
  "",
  "Laptops are locked whenever their owner leaves the desk. Passwords are at least fourteen characters long. A lost badge is reported to the front desk the same day.",
].join("\n");

const title = () => `Handbook ${process.pid}-${Date.now()}-${++counter}`;

async function createTopic(body: Record<string, unknown>) {
  const created = await call("POST /topics", { token: admin.token, json: { title: title(), description: "The team handbook.", ...body } });
  expect(created.status).toBe(201);
  return created.body as { id: number; sources_first: boolean; generation_review: string | null };
}

async function uploadHandbook(topicId: number, text = HANDBOOK) {
  const added = await call("POST /topics/:id/sources", {
    token: admin.token,
    params: { id: String(topicId) },
    path: `/topics/${topicId}/sources?file_name=handbook.md`,
    body: new Uint8Array(Buffer.from(`${text}\n\n(${topicId})`)),
    contentType: "application/octet-stream",
  });
  expect(added.status).toBe(201);
  return added.body.id as number;
}

const writeNow = (topicId: number) => call("POST /topics/:id/generation/start", { token: admin.token, params: { id: String(topicId) } });

/** The topic's generate-topic-courses jobs, by state. */
async function proposalJobs(topicId: number) {
  const { rows } = await db.execute<{ state: string }>(
    sql`SELECT state::text AS state FROM pgboss.job WHERE name = 'generate-topic-courses' AND (data->>'topicId')::int = ${topicId} ORDER BY created_on`,
  );
  return rows.map((r) => r.state);
}

const topicCourses = (topicId: number) => db.select({ id: courses.id }).from(courses).where(eq(courses.topicId, topicId)).orderBy(asc(courses.id));

async function readSource(sourceId: number) {
  await extractSource(db, sourceId, logger());
  const [row] = await db.select({ status: sources.status }).from(sources).where(eq(sources.id, sourceId));
  expect(row!.status).toBe("ready");
}

/** The topic's first course, written whole from `sourceId`: its sources recorded, every lesson citing its passages. */
async function expectCourseFromSource(topicId: number, sourceId: number) {
  const [first] = await pollUntil("the topic's courses", () => topicCourses(topicId), (rows) => rows.length > 0, 30_000);
  const course = await waitForCourse(first!.id, 90_000);
  expect(course.generationError).toBeNull();
  expect(course.generationStatus).toBe("done");
  const all = await topicCourses(topicId);
  const recorded = await db.select().from(courseSources).where(inArray(courseSources.courseId, all.map((c) => c.id)));
  expect(recorded.map((r) => r.sourceId)).toEqual(all.map(() => sourceId));
  const passages = (await db.select({ id: sourcePassages.id }).from(sourcePassages).where(eq(sourcePassages.sourceId, sourceId))).map((p) => p.id);
  const lessons = await db
    .select({ id: courseSubsections.id })
    .from(courseSubsections)
    .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
    .where(eq(courseSections.courseId, first!.id));
  const citations = await db.select().from(subsectionCitations).where(inArray(subsectionCitations.subsectionId, lessons.map((l) => l.id)));
  expect(new Set(citations.map((c) => c.subsectionId)).size).toBe(lessons.length);
  for (const c of citations) expect(passages).toContain(c.passageId);
}

describe("a topic created sources first", () => {
  it("gets no course until its source is read, then courses written from it; 'Write the courses now' is refused meanwhile and after", { timeout: 150_000 }, async () => {
    const topic = await createTopic({ sources_first: true, generation_review: "off" });
    expect(topic).toMatchObject({ sources_first: true, generation_review: "off" });
    expect(await proposalJobs(topic.id)).toEqual([]);

    const sourceId = await uploadHandbook(topic.id);
    expect(await proposalJobs(topic.id)).toEqual([]);
    expect(await writeNow(topic.id)).toMatchObject({ status: 409, body: { detail: STILL_READING } });
    expect(await topicCourses(topic.id)).toEqual([]);

    await readSource(sourceId);
    expect(await proposalJobs(topic.id)).toHaveLength(1);
    await expectCourseFromSource(topic.id, sourceId);

    expect(await writeNow(topic.id)).toMatchObject({ status: 409, body: { detail: "This topic already has its courses." } });
  });

  it("whose only source cannot be used waits for another file or 'Write the courses now'", { timeout: 30_000 }, async () => {
    const topic = await createTopic({ sources_first: true });
    const sourceId = await uploadHandbook(topic.id);
    await failSource(db, sourceId, "This file could not be read.");
    expect(await proposalJobs(topic.id)).toEqual([]);

    expect(await writeNow(topic.id)).toMatchObject({ status: 202, body: { topic_id: topic.id } });
    expect((await proposalJobs(topic.id)).length).toBe(1);
    expect((await writeNow(999_999_999)).status).toBe(404);
  });
});

describe("a topic created as usual", () => {
  it("whose proposals run while a source uploaded right after its creation is read wait for it, then use it", { timeout: 150_000 }, async () => {
    const [topic] = await db.insert(topics).values({ title: title(), description: "The team handbook." }).returning({ id: topics.id });
    const sourceId = await uploadHandbook(topic!.id);
    // The proposals the creation queued run now, with the source still waiting to be read: they do nothing.
    await db.transaction((tx) => enqueueTopicCourses(tx, topic!.id));
    await pollUntil("the proposals to run", () => proposalJobs(topic!.id), (states) => states[0] === "completed", 20_000);
    expect(await topicCourses(topic!.id)).toEqual([]);

    await readSource(sourceId);
    await expectCourseFromSource(topic!.id, sourceId);
  });

  it("is not held back by the sources of another topic", { timeout: 60_000 }, async () => {
    const busy = await createTopic({ sources_first: true });
    await uploadHandbook(busy.id);
    const topic = await createTopic({});
    expect(topic.sources_first).toBe(false);
    await pollUntil("the topic's courses", () => topicCourses(topic.id), (rows) => rows.length > 0, 30_000);
    const recorded = await db.select().from(courseSources).innerJoin(courses, eq(courses.id, courseSources.courseId)).where(and(eq(courses.topicId, topic.id)));
    expect(recorded).toEqual([]);
  });
});
