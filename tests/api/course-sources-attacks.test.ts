import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSections, courseSources, courseSubsections, quizQuestions, rateLimits, sourcePassages, sources, subsectionCitations } from "../../db/schema";
import { call } from "../harness/http";
import { fingerprint } from "./db-fingerprint";
import { reportsCourse } from "./reports-course";
import { handlerOf } from "./routes";
import { createWorld, type World } from "./world";

// A model is configured (nothing calls it: no worker runs here), so course requests are taken and queued.
process.env.OPENAI_API_KEY = "test-key";

/*
 * What learners see of sources (docs/sources.md, "What learners see"): a course's sources and a
 * lesson's cited passages are visible exactly to who may see the course; a learner's own file and
 * its passages never reach another learner; a quiz item's supporting passage comes only with its
 * key; a course request names only a ready source of the caller's own.
 */

const courseSourcesOf = handlerOf("GET /courses/{id}/sources");
const citationsOf = handlerOf("GET /courses/{id}/sections/{sectionIndex}/subsections/{subsectionIndex}/citations");
const quizAttempt = handlerOf("GET /courses/{id}/sections/{sectionIndex}/quiz-attempt");
const quizCheck = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-check");
const generate = handlerOf("POST /courses/generate");

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

let counter = 0;
const NAME = `<img src=x onerror=alert(1)> handbook.pdf`;

/** A ready source with two passages (pages 3 and 7), held by a topic or by a learner. */
async function seedSource(holder: { topicId: number } | { ownerId: number }, fileName = NAME) {
  const db = getDb();
  const [source] = await db
    .insert(sources)
    .values({ ...holder, fileName, mediaType: "application/pdf", byteSize: 100, sha256: `${++counter}-${Date.now()}`.padStart(64, "0"), status: "ready", pagesDone: 12, pagesTotal: 12 })
    .returning({ id: sources.id });
  const passages = await db
    .insert(sourcePassages)
    .values([
      { sourceId: source!.id, position: 0, page: 3, heading: "Variables", text: "A variable is a name bound to a value <b>not bold</b>." },
      { sourceId: source!.id, position: 1, page: 7, heading: "Loops", text: "A loop repeats its body." },
    ])
    .returning({ id: sourcePassages.id });
  return { sourceId: source!.id, passageIds: passages.map((p) => p.id) };
}

/** A course written from a source: lesson 1 of section 1 cites [1] and [2]; [3]'s source was removed. */
async function citedCourse(world: World, opts: { personal?: boolean } = {}) {
  const course = await reportsCourse({ requestedBy: opts.personal ? world.a.id : undefined, enrol: [world.a.id, world.b.id] });
  const source = await seedSource(opts.personal ? { ownerId: world.a.id } : { topicId: world.topicId });
  const db = getDb();
  const [lesson] = await db
    .select({ id: courseSubsections.id })
    .from(courseSubsections)
    .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
    .where(and(eq(courseSections.courseId, course.courseId), eq(courseSections.position, 0)));
  await db.insert(courseSources).values({ courseId: course.courseId, sourceId: source.sourceId });
  await db.insert(subsectionCitations).values([
    { subsectionId: lesson!.id, number: 1, passageId: source.passageIds[0]! },
    { subsectionId: lesson!.id, number: 2, passageId: source.passageIds[1]! },
    { subsectionId: lesson!.id, number: 3, passageId: null },
  ]);
  return { ...course, ...source };
}

const lesson = (courseId: number, sectionIndex = 0, subsectionIndex = 0) => ({ id: String(courseId), sectionIndex: String(sectionIndex), subsectionIndex: String(subsectionIndex) });

describe("a course's sources and citations", () => {
  it("a catalogue course shows any signed-in learner its sources and the quoted passages, as plain strings", async () => {
    const world = await createWorld();
    const course = await citedCourse(world);
    const listed = await call(courseSourcesOf, { token: world.b.token, params: { id: String(course.courseId) } });
    expect([listed.status, listed.body]).toEqual([200, [{ id: course.sourceId, file_name: NAME, media_type: "application/pdf", pages: 12 }]]);
    const cited = await call(citationsOf, { token: world.b.token, params: lesson(course.courseId) });
    expect([cited.status, cited.body]).toEqual([
      200,
      [
        { number: 1, passage: { file_name: NAME, page: 3, heading: "Variables", text: "A variable is a name bound to a value <b>not bold</b>." } },
        { number: 2, passage: { file_name: NAME, page: 7, heading: "Loops", text: "A loop repeats its body." } },
        { number: 3, passage: null },
      ],
    ]);
  });

  it("a course written without sources has none, and a lesson without citations an empty list", async () => {
    const world = await createWorld();
    const course = await reportsCourse({ enrol: [world.a.id] });
    expect((await call(courseSourcesOf, { token: world.a.token, params: { id: String(course.courseId) } })).body).toEqual([]);
    expect((await call(citationsOf, { token: world.a.token, params: lesson(course.courseId, 1) })).body).toEqual([]);
  });

  it("another learner's personal course: its sources and passages are a 404, as if it did not exist; its learner and admins see them", async () => {
    const world = await createWorld();
    const course = await citedCourse(world, { personal: true });
    const before = await fingerprint();
    const asB = await call(courseSourcesOf, { token: world.b.token, params: { id: String(course.courseId) } });
    const asBCitations = await call(citationsOf, { token: world.b.token, params: lesson(course.courseId) });
    const missing = await call(courseSourcesOf, { token: world.b.token, params: { id: "999999999" } });
    expect([asB.status, asB.body.detail, asBCitations.status, asBCitations.body.detail]).toEqual([404, missing.body.detail, 404, missing.body.detail]);
    expect(JSON.stringify([asB.body, asBCitations.body])).not.toContain("handbook");
    expect(await fingerprint()).toEqual(before);
    for (const who of [world.a, world.admin]) {
      expect((await call(courseSourcesOf, { token: who.token, params: { id: String(course.courseId) } })).body[0].file_name).toBe(NAME);
      expect((await call(citationsOf, { token: who.token, params: lesson(course.courseId) })).body[0].passage.page).toBe(3);
    }
  });

  it("a learner's own file cited in a course someone else sees keeps its name hidden", async () => {
    const world = await createWorld();
    const course = await reportsCourse({ enrol: [world.b.id] });
    const own = await seedSource({ ownerId: world.a.id }, "a-private-diary.txt");
    await getDb().insert(courseSources).values({ courseId: course.courseId, sourceId: own.sourceId });
    const listed = await call(courseSourcesOf, { token: world.b.token, params: { id: String(course.courseId) } });
    expect(listed.body.map((s: { file_name: string }) => s.file_name)).toEqual(["A learner's own file"]);
  });

  it("no such lesson, no such course, a visitor: 404, 404, 401", async () => {
    const world = await createWorld();
    const course = await citedCourse(world);
    expect((await call(citationsOf, { token: world.a.token, params: lesson(course.courseId, 0, 5) })).status).toBe(404);
    expect((await call(citationsOf, { token: world.a.token, params: lesson(999999999) })).status).toBe(404);
    expect((await call(citationsOf, { params: lesson(course.courseId) })).status).toBe(401);
  });
});

describe("a quiz item's supporting passage", () => {
  it("is never sent before the item is final, and comes with the key", async () => {
    const world = await createWorld();
    const course = await citedCourse(world);
    await getDb().update(quizQuestions).set({ passageId: course.passageIds[0]! }).where(sql`${quizQuestions.id} in (${course.questions[0]}, ${course.questions[1]})`);
    const params = { id: String(course.courseId), sectionIndex: "0" };
    const attempt = await call(quizAttempt, { token: world.a.token, params });
    expect(attempt.status).toBe(200);
    expect(JSON.stringify(attempt.body)).not.toContain("name bound to a value");

    const missed = await call(quizCheck, { token: world.a.token, params, json: { question_id: course.questions[0], answer: "A loop" } });
    expect([missed.body.final, missed.body.source]).toEqual([false, null]);
    const right = await call(quizCheck, { token: world.a.token, params, json: { question_id: course.questions[1], answer: course.key } });
    expect([right.body.final, right.body.source]).toEqual([true, { file_name: NAME, page: 3, heading: "Variables", text: "A variable is a name bound to a value <b>not bold</b>." }]);
  });
});

describe("a course request naming a source", () => {
  const jobsFor = async (userId: number) =>
    (await getDb().execute<{ data: { topicId: number; userId: number; sourceId?: number } }>(sql`select data from pgboss.job where name = 'generate-topic-courses' and data->>'userId' = ${String(userId)}`)).rows;

  it("learner B naming learner A's source gets a 404 and nothing is queued", async () => {
    const world = await createWorld();
    const before = await fingerprint();
    const res = await call(generate, { token: world.b.token, json: { topic_id: world.topicId, source_id: world.sourceId } });
    expect([res.status, res.body.detail]).toEqual([404, "No such source."]);
    expect(await fingerprint()).toEqual(before);
  });

  it("a source of one's own still being read is a 409 saying so", async () => {
    const world = await createWorld();
    await getDb().update(sources).set({ status: "extracting" }).where(eq(sources.id, world.sourceId));
    const res = await call(generate, { token: world.a.token, json: { topic_id: world.topicId, source_id: world.sourceId } });
    expect([res.status, res.body.detail]).toEqual([409, "This source is still being read. Ask for the course once it is ready."]);
  });

  it("a source of one's own that failed is a 409 with its message", async () => {
    const world = await createWorld();
    await getDb().update(sources).set({ status: "failed", failure: "This PDF has no text layer." }).where(eq(sources.id, world.sourceId));
    const res = await call(generate, { token: world.a.token, json: { topic_id: world.topicId, source_id: world.sourceId } });
    expect([res.status, res.body.detail]).toEqual([409, "This source cannot be used: This PDF has no text layer."]);
  });

  it("a ready source of one's own goes to the job as sourceId", async () => {
    const world = await createWorld();
    const res = await call(generate, { token: world.a.token, json: { topic_id: world.topicId, source_id: world.sourceId } });
    expect(res.status).toBe(202);
    expect((await jobsFor(world.a.id)).map((j) => j.data)).toEqual([{ topicId: world.topicId, userId: world.a.id, sourceId: world.sourceId, requestId: res.body.request.id }]);
  });
});
