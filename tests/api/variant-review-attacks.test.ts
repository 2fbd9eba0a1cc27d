import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, topics } from "../../db/schema";
import { listWaitingForReview } from "../../lib/catalogue/publication/waiting-for-review";
import { startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake, runWorkerWith } from "../harness/generation";
import { call, type CallResult } from "../harness/http";
import { pollUntil } from "../harness/poll";
import { reviewCourse } from "./review-course";
import { quickAccount, type Account } from "./world";

/*
 * Fresh variants under the review policy (docs/product-rules.md, "Fresh variants"; docs/security.md,
 * "Admin actions"): in a topic whose courses wait for review, the variants a learner's draw asks the
 * model for are written into an approved section's pool as items waiting for review. Until an admin
 * approves one, no learner call draws, shows, checks, reports or reviews it; rejected, it never
 * reaches anyone. Under the other policies variants are drawn at once, as before.
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake);
runWorkerWith(fake);

let admin: Account;

beforeAll(async () => {
  admin = await quickAccount("admin");
});

type Course = Awaited<ReturnType<typeof reviewCourse>>;
type Item = { id: number; question: string; concept: string };

const SECTION = "1"; // section 2: its four items are four concepts, so the first draw uses every one of them up

async function inTopicWith(review: "required" | null): Promise<Course> {
  const course = await reviewCourse();
  const [row] = await getDb().select({ topicId: courses.topicId }).from(courses).where(eq(courses.id, course.courseId));
  await getDb().update(topics).set({ generationReview: review }).where(eq(topics.id, row!.topicId));
  return course;
}

const quizPath = (course: Course) => `/section-quizzes?course_id=${course.courseId}&section_index=${SECTION}`;
const inSection = (course: Course) => ({ id: String(course.courseId), sectionIndex: SECTION });

async function draw(token: string, course: Course): Promise<{ id: number; question: string }[]> {
  const res = await call("GET /section-quizzes", { token, path: quizPath(course) });
  expect(res.status).toBe(200);
  return res.body;
}

async function submitUnanswered(token: string, course: Course, drawn: { id: number }[]) {
  const res = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token, params: inSection(course), json: { answers: drawn.map((q) => ({ question_id: q.id, answer: null })) } });
  expect(res.status).toBe(200);
}

async function variantJobs(sectionId: number) {
  const { rows } = await getDb().execute<{ state: string }>(
    sql`SELECT state::text AS state FROM pgboss.job WHERE name = 'write-question-variants' AND (data->>'sectionId')::int = ${sectionId} ORDER BY created_on`,
  );
  return rows.map((r) => r.state);
}

/** The learner's first draw uses up section 2's concepts; the worker writes their variants (the fake model's), which land after the section's items. */
async function variantsWritten(course: Course): Promise<{ first: { id: number; question: string }[]; variants: Item[] }> {
  const first = await draw(course.learner.token, course);
  await pollUntil("the variant job", () => variantJobs(course.sectionIds[1]!), (states) => states.length === 1 && states[0] === "completed", 30_000);
  const { rows } = await getDb().execute<Item>(sql`
    SELECT id, question, concept FROM quiz_questions WHERE section_id = ${course.sectionIds[1]!} AND id <> ALL(${sql.param(course.questions)}::int[]) ORDER BY position`);
  expect(rows.length).toBeGreaterThanOrEqual(4);
  return { first, variants: rows };
}

/** Every learner read of the course that could carry a quiz item, as the publication attacks list them. */
async function everythingTheLearnerReads(token: string, course: Course): Promise<CallResult[]> {
  const params = inSection(course);
  return [
    await call("GET /courses/:id", { token, params: { id: String(course.courseId) } }),
    await call("GET /section-quizzes", { token, path: quizPath(course) }),
    await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token, params }),
    await call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor", { token, params: { ...params, subsectionIndex: "0" } }),
    await call("GET /review/due", { token, path: "/review/due?limit=100" }),
    await call("GET /users/me/mastery", { token }),
    await call("GET /mycourses", { token, path: `/mycourses?user_id=${course.learner.id}` }),
    await call("GET /users/me/reports", { token }),
    await call("GET /users/me/export", { token }),
  ];
}

function showsNone(answers: CallResult[], variants: Item[]) {
  for (const answer of answers) {
    const text = JSON.stringify(answer.body);
    for (const v of variants) expect(text).not.toContain(v.question);
  }
}

const decide = (questionId: number, decision: "approve" | "reject", token = admin.token) =>
  call("POST /quiz-questions/:id/decision", { token, params: { id: String(questionId) }, json: { decision, version: 0 } });

describe("fresh variants under review", () => {
  it("wait for an admin: no draw, retry, review card or other learner read shows one, and no call naming one is answered", { timeout: 90_000 }, async () => {
    const course = await inTopicWith("required");
    const { learner } = course;
    const { first, variants } = await variantsWritten(course);
    expect(first.map((q) => q.id).sort()).toEqual(course.questions.slice(4).sort());

    // The first attempt graded (every item missed, so due for review at once); the retry is drawn from the approved items only.
    await submitUnanswered(learner.token, course, first);
    const retry = await draw(learner.token, course);
    expect(retry.map((q) => q.id).sort()).toEqual(course.questions.slice(4).sort());
    const reads = await everythingTheLearnerReads(learner.token, course);
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    showsNone(reads, variants);

    // Naming a waiting variant is answered as for an item the learner was never shown.
    const [v] = variants;
    const check = await call("POST /courses/:id/sections/:sectionIndex/quiz-check", { token: learner.token, params: inSection(course), json: { question_id: v!.id, answer: "anything" } });
    expect(check.status).toBe(422);
    const report = await call("POST /reports", { token: learner.token, json: { question_id: v!.id, reason: "unclear" } });
    expect(report.status).toBe(404);
    const due = await call("GET /review/due", { token: learner.token, path: "/review/due?limit=100" });
    const card = due.body.cards[0] as { card_id: number };
    const answered = await call("POST /review/answer", { token: learner.token, json: { card_id: card.card_id, question_id: v!.id, answer: "anything" } });
    expect(answered.status).toBe(422);
    showsNone([check, report, answered], variants);

    // The retry used the concepts up again, but the worker asks the model for nothing while their variants wait.
    const asked = fake.requests.filter((r) => r.task === "question_variants").length;
    await submitUnanswered(learner.token, course, retry);
    await draw(learner.token, course);
    await pollUntil("the next variant job", () => variantJobs(course.sectionIds[1]!), (states) => states.length >= 2 && states.every((s) => s === "completed"), 30_000);
    expect(fake.requests.filter((r) => r.task === "question_variants").length).toBe(asked);

    // The admin's queue counts them.
    const queued = (await listWaitingForReview(getDb())).find((c) => c.courseId === course.courseId);
    expect(queued).toMatchObject({ state: "published", sectionsWaiting: 0, questionsWaiting: variants.length });

    // Retiring the item on "calls" moves the learner's card to no waiting variant of its concept: the card has nowhere to go.
    const old = course.questions[6]!;
    expect((await call("POST /quiz-questions/:id/retire", { token: admin.token, params: { id: String(old) }, json: { version: 0 } })).body).toMatchObject({ replacement_id: null });
    const { rows: cards } = await getDb().execute(sql`SELECT question_id FROM review_cards WHERE user_id = ${learner.id} AND question_id = ANY(${sql.param(variants.map((x) => x.id))}::int[])`);
    expect(cards).toEqual([]);
    showsNone([await call("GET /review/due", { token: learner.token, path: "/review/due?limit=100" })], variants);
  });

  it("approved, a variant is drawn for learners; rejected, it is retired and never drawn; a learner can do neither", { timeout: 90_000 }, async () => {
    const course = await inTopicWith("required");
    const { learner } = course;
    const { first, variants } = await variantsWritten(course);
    const calls = variants.filter((v) => v.concept === "calls");
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const [approved, rejected] = calls;

    // A learner's decision is refused and changes nothing.
    for (const decision of ["approve", "reject"] as const) expect((await decide(approved!.id, decision, learner.token)).status).toBe(403);
    await submitUnanswered(learner.token, course, first);
    let drawn = await draw(learner.token, course);
    expect(drawn.map((q) => q.id)).not.toContain(approved!.id);

    const yes = await decide(approved!.id, "approve");
    expect(yes.status).toBe(200);
    expect(yes.body).toMatchObject({ kind: "question", id: approved!.id, version: 1 });
    expect((await decide(approved!.id, "approve")).status).toBe(409); // decided already
    const no = await decide(rejected!.id, "reject");
    expect(no.status).toBe(200);
    expect((await decide(rejected!.id, "approve")).status).toBe(409); // retired

    // The next attempt asks the approved variant (unseen, so preferred); never the rejected one.
    await submitUnanswered(learner.token, course, drawn);
    drawn = await draw(learner.token, course);
    expect(drawn.map((q) => q.id)).toContain(approved!.id);
    expect(drawn.map((q) => q.id)).not.toContain(rejected!.id);
    const { rows } = await getDb().execute<{ retired: boolean; waiting: boolean }>(sql`
      SELECT retired_at IS NOT NULL AS retired, in_review_since IS NOT NULL AS waiting FROM quiz_questions WHERE id = ${rejected!.id}`);
    expect(rows[0]).toMatchObject({ retired: true });
    const { rows: history } = await getDb().execute(sql`SELECT question_id, version, kind, changed_by FROM content_versions WHERE question_id IN (${approved!.id}, ${rejected!.id}) ORDER BY question_id`);
    expect(history).toEqual([
      { question_id: approved!.id, version: 1, kind: "approved", changed_by: admin.id },
      { question_id: rejected!.id, version: 1, kind: "retired", changed_by: admin.id },
    ]);
    // Not waiting any more: the one left of each other concept still is.
    const queued = (await listWaitingForReview(getDb())).find((c) => c.courseId === course.courseId);
    expect(queued?.questionsWaiting).toBe(variants.length - 2);
  });

  it("an approved item, or one of a course under no review, is not a decision to take", async () => {
    const course = await inTopicWith("required");
    const res = await decide(course.questions[4]!, "approve");
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/not waiting for review/);
    expect((await decide(999_999_999, "approve")).status).toBe(404);
  });
});

describe("fresh variants under the other policies", () => {
  it("are drawn at once: the retry asks them", { timeout: 90_000 }, async () => {
    const course = await inTopicWith(null); // GENERATION_REVIEW is off
    const { first, variants } = await variantsWritten(course);
    await submitUnanswered(course.learner.token, course, first);
    const retry = await draw(course.learner.token, course);
    expect(retry.every((q) => variants.some((v) => v.id === q.id))).toBe(true);
    expect((await listWaitingForReview(getDb())).find((c) => c.courseId === course.courseId)).toBeUndefined();
    // The retry used concepts up again: its job ends before the worker stops.
    await pollUntil("the variant jobs", () => variantJobs(course.sectionIds[1]!), (states) => states.every((s) => s === "completed" || s === "failed"), 30_000);
  });
});
