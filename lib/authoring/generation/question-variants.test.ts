import { and, asc, eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, generationRuns, quizQuestions } from "../../../db/schema";
import { startTestBoss } from "../../../tests/harness/boss";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { pointModelAtFake } from "../../../tests/harness/generation";
import { call, createUser } from "../../../tests/harness/http";
import { captureLog } from "../../../tests/harness/log";
import { pollUntil } from "../../../tests/harness/poll";
import { answersWithMisses, rightAnswersFor } from "../../../tests/harness/quiz-key";
import { getEnv } from "../../platform/env";
import { startJobRunner } from "../../platform/jobs/runner";
import { conceptKey } from "../../practice/mastery/model";
import { writeQuestionVariantsJob } from "./jobs/write-question-variants";
import { addVariantsToPool } from "./save-variants";

/*
 * Fresh variants end to end (docs/product-rules.md, "Fresh variants"): learners use up a seeded
 * section's pool through the API, which enqueues one job for the section; a worker in this process
 * runs it against the fake model, whose variant answers have real models' habits (reasoning before
 * the JSON, the key always option A) and, by rule, a leaked key, a copied item, a misverified
 * variant, one too few and one too many. What survives lands in the shared pool under the right
 * concept, and the learner's next draw asks it and counts toward a pass.
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake);

type Learner = Awaited<ReturnType<typeof createUser>>;
type Item = { id: number; question: string; concept: string | null; subsectionIndex: number | null; position: number; options: string[]; correctAnswer: string; hint: string | null; explanation: string | null };

let courseId: number;
let sectionId: number;
let before: Item[];
let log: ReturnType<typeof captureLog>;
let worker: PgBoss;
const learners: Learner[] = [];

async function pool(section = sectionId): Promise<Item[]> {
  return getDb()
    .select({
      id: quizQuestions.id,
      question: quizQuestions.question,
      concept: quizQuestions.concept,
      subsectionIndex: quizQuestions.subsectionIndex,
      position: quizQuestions.position,
      options: quizQuestions.options,
      correctAnswer: quizQuestions.correctAnswer,
      hint: quizQuestions.hint,
      explanation: quizQuestions.explanation,
    })
    .from(quizQuestions)
    .where(eq(quizQuestions.sectionId, section))
    .orderBy(asc(quizQuestions.position));
}

async function variantJobs() {
  const { rows } = await getDb().execute<{ id: string; state: string; data: { sectionId: number; concepts: string[] }; singleton_key: string | null }>(
    sql`SELECT id::text AS id, state::text AS state, data, singleton_key FROM pgboss.job WHERE name = 'write-question-variants' ORDER BY created_on`,
  );
  return rows;
}

const quizPath = () => `/section-quizzes?course_id=${courseId}&section_index=0`;

async function draw(learner: Learner): Promise<{ id: number }[]> {
  const res = await call("GET /section-quizzes", { token: learner.token, path: quizPath() });
  expect(res.status).toBe(200);
  return res.body;
}

async function submit(learner: Learner, answers: { question_id: number; answer: string }[]) {
  const res = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
  expect(res.status).toBe(200);
  return res.body as { passed: boolean; counts_toward_pass: boolean };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const conceptText = (key: string) => before.find((q) => q.concept && conceptKey(q.concept) === key)!.concept!;

beforeAll(async () => {
  log = captureLog();
  const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
  courseId = course!.id;
  const [section] = await getDb().select({ id: courseSections.id }).from(courseSections).where(and(eq(courseSections.courseId, courseId), eq(courseSections.position, 0)));
  sectionId = section!.id;
  before = await pool();
  // Its tables are there from the start; it works no queue until a test starts the runner.
  worker = await startTestBoss();
});

afterAll(async () => {
  await worker.stop({ graceful: false, close: true });
  await fake.close();
  log.restore();
});

describe("fresh variants", () => {
  it("a burst of learners using up a section's pool enqueues one job for the section, naming the used-up concepts", async () => {
    const concepts = new Set(before.map((q) => conceptKey(q.concept!)));
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(concepts.size).toBe(5); // one item per concept per attempt: the second attempt uses them all up

    for (const learner of [await createUser(), await createUser()]) {
      learners.push(learner);
      expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
      const first = await draw(learner);
      // A draw that leaves unseen items asks for nothing.
      if (learners.length === 1) expect(await variantJobs()).toEqual([]);
      expect((await submit(learner, await answersWithMisses(first, (i) => i === 0))).passed).toBe(false);
      const second = await draw(learner);
      expect(second.every((q) => !first.some((f) => f.id === q.id))).toBe(true);
      expect((await submit(learner, await answersWithMisses(second, (i) => i === 0))).passed).toBe(false);
    }

    const jobs = await variantJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: "created", singleton_key: `section-${sectionId}` });
    expect(jobs[0]!.data.sectionId).toBe(sectionId);
    expect(new Set(jobs[0]!.data.concepts)).toEqual(concepts);
  });

  it("the worker adds the variants that pass the checks and the blind verification; leaked, copied, misverified and surplus ones are dropped", { timeout: 60_000 }, async () => {
    const [job] = await variantJobs();
    const keys = job!.data.concepts;
    const [a, b, c, d, e] = keys.map(conceptText);
    // Two concepts per call, a round of the concepts at a time: [a1 b1 a2 b2], [c1 d1 c2 d2], [e1 e2].
    fake.addRule({ task: "question_variants", fault: "leak-key", also: ["copy-example"] }); // a1 says its key; b1 copies an item of the pool
    fake.addRule({ task: "question_variants", fault: "wrong-count" }); // d2 missing
    fake.addRule({ task: "question_variants", fault: "extra-variant" }); // e3, one more than asked
    fake.addRule({ task: "quiz_verification", fault: "disagree", match: new RegExp(`on ${escape(c!)}: which`) }); // c1's blind answer differs from its key

    await startJobRunner(worker, [writeQuestionVariantsJob], getEnv());
    await pollUntil("the variant job", () => variantJobs(), (rows) => rows[0]?.state === "completed", 30_000);

    const calls = fake.requests.filter((r) => r.task === "question_variants");
    expect(calls).toHaveLength(3);
    // Each call shows its concepts, their items as examples and what their lesson says.
    expect(calls[0]!.prompt).toContain(`Concept: ${a}`);
    expect(calls[0]!.prompt).toContain(`Concept: ${b}`);
    expect(calls[0]!.prompt).toContain(`  Example: ${before.find((q) => q.concept === a)!.question}`);
    expect(calls[0]!.prompt).toMatch(/What the lessons say:\nLesson "[^"]+":\n\S/);
    expect(JSON.stringify(calls[0]!.responseFormat?.json_schema?.schema)).toContain('"variants":{"minItems":4,"maxItems":4');

    const after = await pool();
    const added = after.slice(before.length);
    // After the pool's last item, no gap, no repeat.
    expect(added.map((q) => q.position)).toEqual(added.map((_, i) => before.length + i));
    expect(new Set(after.map((q) => q.question.toLowerCase())).size).toBe(after.length);
    // a2, b2, c2, d1, e1, e2: each under its concept's own text and lesson, with a hint and an explanation.
    const per = (concept: string) => added.filter((q) => q.concept === concept).length;
    expect([a, b, c, d, e].map((x) => per(x!))).toEqual([1, 1, 1, 1, 2]);
    for (const q of added) {
      expect(keys).toContain(conceptKey(q.concept!));
      expect(q.subsectionIndex).toBe(before.find((p) => p.concept === q.concept)!.subsectionIndex);
      expect(q.hint).toBeTruthy();
      expect(q.explanation).toBeTruthy();
      expect(q.question).not.toContain(q.correctAnswer);
    }
    // The model always wrote the key first; the pool does not keep that habit.
    expect(new Set(added.map((q) => q.options.indexOf(q.correctAnswer))).size).toBeGreaterThan(1);
    // The variant whose blind answer differed is not in the pool.
    const verification = fake.requests.find((r) => r.task === "quiz_verification" && r.fault === "disagree")!;
    const misverified = /^1\. (.+)$/m.exec(verification.prompt)![1]!;
    expect(misverified).toContain(`on ${c}:`);
    expect(after.some((q) => q.question === misverified)).toBe(false);

    // The job's outcome in its log, each rejection with why; every call in the generation log.
    const outcome = log.lines().find((line) => line.msg === "question variants written");
    expect(outcome).toMatchObject({ level: "info", queue: "write-question-variants", section_id: sectionId, written: 6, rejected: 4, asked: 10, received: 10 });
    expect(outcome!.reasons).toEqual({
      "the question gives its answer away": 1,
      "it repeats another question": 1,
      "a second reading chose a different answer than the key": 1,
      "more variants of its concept than were asked for": 1,
    });
    expect(log.lines().filter((line) => line.msg === "variant rejected")).toHaveLength(4);
    const runs = await getDb().select({ step: generationRuns.step, ok: generationRuns.ok }).from(generationRuns).where(eq(generationRuns.courseId, courseId));
    expect(runs.filter((r) => r.step === "question-variants")).toEqual(Array(3).fill({ step: "question-variants", ok: true }));
  });

  it("the learner's next draw asks fresh variants, counts toward a pass, and asks for more of what it uses up", { timeout: 30_000 }, async () => {
    const added = (await pool()).slice(before.length);
    const learner = learners[0]!;
    const third = await draw(learner);
    expect(third).toHaveLength(5);
    expect(third.every((q) => added.some((v) => v.id === q.id))).toBe(true);
    const result = await submit(learner, await rightAnswersFor(third));
    expect(result).toMatchObject({ counts_toward_pass: true, passed: true });

    // Four concepts had one variant each, now drawn: the section's next job asks for those.
    const jobs = await pollUntil("the next variant job", () => variantJobs(), (rows) => rows.length === 2 && rows[1]!.state === "completed", 20_000);
    const once = added.filter((v) => added.filter((w) => w.concept === v.concept).length === 1).map((v) => conceptKey(v.concept!));
    expect(new Set(jobs[1]!.data.concepts)).toEqual(new Set(once));
  });

  it("variants saved at the same moment take turns: distinct positions, a question added once", async () => {
    const [other] = await getDb()
      .select({ id: courseSections.id })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(and(eq(courses.title, "SQL Essentials"), eq(courseSections.position, 0)));
    const start = await pool(other!.id);
    const target = { key: conceptKey(start[0]!.concept!), concept: start[0]!.concept!, subsectionIndex: start[0]!.subsectionIndex };
    const variant = (n: number) => ({
      question: `Concurrent variant ${n}: which row does the query return?`,
      options: [`row ${n}`, "no row", "every row", "an error"],
      correct_answer: `row ${n}`,
      hint: "Read the WHERE clause.",
      concept: target.concept,
      explanation: "The WHERE clause keeps one row.",
      target,
    });
    const saved = await Promise.all([addVariantsToPool(getDb(), other!.id, [variant(1), variant(2), variant(3)]), addVariantsToPool(getDb(), other!.id, [variant(3), variant(4), variant(5)])]);
    expect(saved.reduce((n, s) => n + s.added.length, 0)).toBe(5);
    expect(saved.flatMap((s) => s.repeated.map((r) => r.reason))).toEqual(["it repeats another question"]);
    const added = (await pool(other!.id)).slice(start.length);
    expect(added.map((q) => q.position)).toEqual([0, 1, 2, 3, 4].map((i) => start.length + i));
  });
});
