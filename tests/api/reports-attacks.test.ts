import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { contentReports, rateLimits } from "../../db/schema";
import { REPORT_LIMIT } from "../../lib/authoring/reports/report-problem";
import { call } from "../harness/http";
import { fingerprint } from "./db-fingerprint";
import { openQuiz, quickAccount, reportsCourse } from "./reports-course";

/*
 * Attacks on learner reports (docs/security.md, "Reports"): a report names only what the learner
 * can see, and of a quiz only the items they were shown (anything else is the same 404, and
 * nothing is written); reports are rate-limited per
 * learner; only admins list or resolve them; a note is plain text; and no answer of a report
 * carries an answer key the learner has not been shown.
 */

const REPORT = "POST /reports";
const lesson = (courseId: number, sectionIndex = 0) => ({ course_id: courseId, section_index: sectionIndex, subsection_index: 0 });

describe("a report names only what the learner can see", () => {
  it("a lesson or item of a course the learner is not enrolled in is a 404, and nothing is written", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse();
    const before = await fingerprint();
    const onLesson = await call(REPORT, { token: learner.token, json: { ...lesson(course.courseId), reason: "unclear" } });
    const onItem = await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key" } });
    expect([onLesson.status, onItem.status]).toEqual([404, 404]);
    expect(onLesson.body.detail).toBe(onItem.body.detail);
    expect(await fingerprint()).toEqual(before);
  });

  it("someone else's personal course is a 404, exactly as a course that does not exist", async () => {
    const [owner, other] = await Promise.all([quickAccount(), quickAccount()]);
    const course = await reportsCourse({ requestedBy: owner.id, enrol: [owner.id] });
    const theirs = await call(REPORT, { token: other.token, json: { ...lesson(course.courseId), reason: "typo" } });
    const none = await call(REPORT, { token: other.token, json: { ...lesson(2_000_000_000), reason: "typo" } });
    const item = await call(REPORT, { token: other.token, json: { question_id: course.questions[0], reason: "typo" } });
    expect([theirs.status, none.status, item.status]).toEqual([404, 404, 404]);
    expect(theirs.body).toEqual(none.body);
    // The owner may report it.
    expect((await call(REPORT, { token: owner.token, json: { ...lesson(course.courseId), reason: "typo" } })).status).toBe(201);
  });

  it("a locked lesson or an item of a quiz the learner cannot open yet is a 404", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id] });
    const locked = await call(REPORT, { token: learner.token, json: { ...lesson(course.courseId, 1), reason: "wrong" } });
    const item = await call(REPORT, { token: learner.token, json: { question_id: course.lockedQuestion, reason: "answer_key" } });
    expect([locked.status, item.status]).toEqual([404, 404]);
  });
});

describe("a report names only quiz items the learner was shown", () => {
  it("with section 1's quiz open, every pool item the attempt did not draw is the same 404 as a missing item: no stem, nothing written", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id], extraItems: 6 });
    const drawn = await openQuiz(learner.token, course.courseId);
    const undrawn = course.pool.filter((id) => !drawn.includes(id));
    expect(undrawn).toHaveLength(course.pool.length - drawn.length);
    expect(undrawn.length).toBeGreaterThan(0);
    const missing = await call(REPORT, { token: learner.token, json: { question_id: 2_000_000_000, reason: "typo" } });
    const { rows: stems } = await getDb().execute<{ question: string }>(sql`SELECT question FROM quiz_questions WHERE id = ANY(${sql.param(undrawn)}::int[])`);
    const before = await fingerprint();
    for (const questionId of undrawn) {
      const res = await call(REPORT, { token: learner.token, json: { question_id: questionId, reason: "typo" } });
      expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
      for (const { question } of stems) expect(JSON.stringify(res.body)).not.toContain(question);
    }
    expect(missing.status).toBe(404);
    expect(await fingerprint()).toEqual(before);
    // What the attempt shows them can be reported.
    expect((await call(REPORT, { token: learner.token, json: { question_id: drawn[0], reason: "typo" } })).status).toBe(201);
  });

  it("another learner's attempt does not open its items to a learner who has not drawn them", async () => {
    const [a, b] = await Promise.all([quickAccount(), quickAccount()]);
    const course = await reportsCourse({ enrol: [a.id, b.id], extraItems: 6 });
    const drawnByA = await openQuiz(a.token, course.courseId);
    for (const questionId of drawnByA) expect((await call(REPORT, { token: b.token, json: { question_id: questionId, reason: "typo" } })).status).toBe(404);
    expect((await call(REPORT, { token: a.token, json: { question_id: drawnByA[0], reason: "typo" } })).status).toBe(201);
  });

  it("items shown earlier stay reportable: a submitted attempt's items and the item a review card shows", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id], extraItems: 6 });
    const drawn = await openQuiz(learner.token, course.courseId);
    const submitted = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", {
      token: learner.token,
      params: { id: String(course.courseId), sectionIndex: "0" },
      json: { answers: drawn.map((question_id) => ({ question_id, answer: null })) },
    });
    expect(submitted.status).toBe(200);
    for (const questionId of drawn) expect((await call(REPORT, { token: learner.token, json: { question_id: questionId, reason: "unclear" } })).status).toBe(201);
    const due = await call("GET /review/due", { token: learner.token });
    const shown = (due.body.cards as { question_id: number }[]).map((c) => c.question_id);
    expect(shown.length).toBeGreaterThan(0);
    for (const questionId of shown) expect([200, 201]).toContain((await call(REPORT, { token: learner.token, json: { question_id: questionId, reason: "wrong" } })).status);
  });
});

describe("reports are limited and admin-only to read", () => {
  it(`past ${REPORT_LIMIT.max} reports in ${REPORT_LIMIT.windowSeconds / 60} minutes a learner gets 429 with Retry-After`, async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id] });
    await getDb().insert(rateLimits).values({ key: `${REPORT_LIMIT.name}:${learner.id}`, windowStart: new Date(), count: REPORT_LIMIT.max });
    const res = await call(REPORT, { token: learner.token, json: { ...lesson(course.courseId), reason: "unclear" } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await getDb().select().from(contentReports).where(eq(contentReports.userId, learner.id))).toEqual([]);
  });

  it("a learner can neither list the queue nor resolve a report, and the report stays open", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id], quizOpen: true });
    await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key" } });
    const list = await call("GET /reports", { token: learner.token });
    const resolve = await call("POST /reports/resolve", { token: learner.token, json: { question_id: course.questions[0], resolution: "dismissed" } });
    expect([list.status, resolve.status]).toEqual([403, 403]);
    const mine = await call("GET /users/me/reports", { token: learner.token });
    expect(mine.body.reports.map((r: { status: string }) => r.status)).toEqual(["open"]);
  });
});

describe("what a report answers", () => {
  it("HTML in a note is kept and returned as the same plain text", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id] });
    const note = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"`;
    const res = await call(REPORT, { token: learner.token, json: { ...lesson(course.courseId), reason: "other", note } });
    expect(res.status).toBe(201);
    expect(res.body.note).toBe(note);
    const [stored] = await getDb().select({ note: contentReports.note }).from(contentReports).where(eq(contentReports.id, res.body.id));
    expect(stored!.note).toBe(note);
  });

  it("a report on a quiz item never carries its options or key, in its answer or in the learner's list", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id], quizOpen: true });
    const res = await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key", note: "I think it is a loop." } });
    const list = await call("GET /users/me/reports", { token: learner.token, path: `/users/me/reports?question_id=${course.questions[0]}` });
    expect(res.status).toBe(201);
    expect(list.body.reports).toHaveLength(1);
    for (const body of [res.body, list.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(course.key);
      expect(text).not.toMatch(/correct_answer|options|explanation/);
    }
  });
});
