import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, quizAttempts, quizReveals } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { answerKey, sectionKey } from "../../../tests/harness/quiz-key";

type Learner = Awaited<ReturnType<typeof createUser>>;
/** A question as the API lists it, with its key looked up in the database (the API never sends it). */
type Question = { id: number; question: string; options: string[]; correctAnswer: string; hint: string | null };

let courseId: number;
let otherCourseId: number;

beforeAll(async () => {
  const rows = await getDb().select({ id: courses.id, title: courses.title }).from(courses);
  courseId = rows.find((c) => c.title === "Python Basics")!.id;
  otherCourseId = rows.find((c) => c.title === "SQL Essentials")!.id;
});

async function enrolled(course = courseId): Promise<Learner> {
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: course } })).status).toBe(201);
  return learner;
}

async function questions(learner: Learner, sectionIndex = 0, course = courseId): Promise<Question[]> {
  const res = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${course}&section_index=${sectionIndex}` });
  expect(res.status).toBe(200);
  const key = await answerKey(res.body.map((q: { id: number }) => q.id));
  return res.body.map((q: { id: number }) => ({ ...q, correctAnswer: key.get(q.id)!.correctAnswer, hint: key.get(q.id)!.hint }));
}

function check(learner: Learner | null, json: unknown, sectionIndex = "0", course = String(courseId)) {
  return call("POST /courses/:id/sections/:sectionIndex/quiz-check", { token: learner?.token, params: { id: course, sectionIndex }, json });
}

function complete(learner: Learner, json?: unknown, sectionIndex = "0") {
  return call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex }, json });
}

const wrongOption = (q: Question, not: string[] = []) => q.options.find((o) => o !== q.correctAnswer && !not.includes(o))!;

async function revealed(learner: Learner): Promise<number[]> {
  const rows = await getDb().select({ id: quizReveals.questionId }).from(quizReveals).where(eq(quizReveals.userId, learner.user.id));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe("GET /section-quizzes: the attempt under way", () => {
  it("asks one item per concept with its options shuffled, and the same items in the same order until submitted", async () => {
    const learner = await enrolled();
    const first = await questions(learner);
    expect(first).toHaveLength(5);
    const pool = await sectionKey(courseId, 0);
    for (const q of first) expect([...q.options].sort()).toEqual([...pool.find((p) => p.id === q.id)!.options].sort());
    expect(await questions(learner)).toEqual(first);

    await complete(learner, { answers: first.map((q) => ({ question_id: q.id, answer: q.correctAnswer })) });
    const next = await questions(learner);
    expect(next.some((q) => first.some((f) => f.id === q.id))).toBe(false);
  });

  it("tells the attempt's state through quiz-attempt: counting, and each item's tries", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    const res = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" } });
    expect(res.status).toBe(200);
    expect(res.body.counts_toward_pass).toBe(true);
    expect(res.body.items[0]).toMatchObject({ question_id: q!.id, tries: [wrongOption(q!)], feedback: { correct: false, final: false, tries_left: 1, correct_answer: null } });
    expect(res.body.items.slice(1).every((i: { tries: string[] }) => i.tries.length === 0)).toBe(true);
  });
});

describe("POST /courses/{courseId}/sections/{sectionIndex}/quiz-check", () => {
  it("right first time: final, with the key, why and the concept, and the key is recorded as revealed", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    const res = await check(learner, { question_id: q!.id, answer: q!.correctAnswer });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ question_id: q!.id, correct: true, first_try_correct: true, final: true, tries_left: 0, hint: null, correct_answer: q!.correctAnswer });
    expect(res.body.explanation).toEqual(expect.any(String));
    expect(res.body.concept).toEqual(expect.any(String));
    expect(await revealed(learner)).toEqual([q!.id]);
  });

  it("a first miss gets the hint and one more try, never the key; the second try makes the item final", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    const miss = await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    expect(miss.body).toMatchObject({ correct: false, first_try_correct: false, final: false, tries_left: 1, hint: q!.hint, correct_answer: null, explanation: null, concept: null });
    expect(JSON.stringify(miss.body)).not.toContain(JSON.stringify(q!.correctAnswer));
    expect(await revealed(learner)).toEqual([]);

    const same = await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    expect(same.status).toBe(422);
    expect(same.body.detail).toBe("Choose a different option for your second try.");

    const second = await check(learner, { question_id: q!.id, answer: q!.correctAnswer });
    expect(second.body).toMatchObject({ correct: true, first_try_correct: false, final: true, tries_left: 0, correct_answer: q!.correctAnswer });
    expect(await revealed(learner)).toEqual([q!.id]);

    // Final: asking again changes nothing and answers the same.
    const again = await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    expect(again.body).toEqual(second.body);
  });

  it("takes two tries sent at once one after the other: never a third", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    const wrongs = q!.options.filter((o) => o !== q!.correctAnswer);
    const results = await Promise.all(wrongs.map((answer) => check(learner, { question_id: q!.id, answer })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const attempt = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" } });
    expect(attempt.body.items[0].tries).toHaveLength(2);
    expect(attempt.body.items[0].feedback.final).toBe(true);
  });

  it("records no attempt: only quiz-complete grades", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    expect(await getDb().select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id))).toEqual([]);
  });

  it.each([
    ["no token", null, {}, "0", "course", 401, undefined],
    ["not enrolled", "stranger", { question: "first", answer: "right" }, "0", "course", 409, "Enrol in this course first."],
    ["unknown course", "learner", { question: "first", answer: "right" }, "0", "999999", 404, "Course not found."],
    ["malformed course id", "learner", { question: "first", answer: "right" }, "0", "1abc", 404, undefined],
    ["section that does not exist", "learner", { question: "first", answer: "right" }, "99", "course", 404, "This course has no such section."],
    ["negative section", "learner", { question: "first", answer: "right" }, "-1", "course", 404, "This course has no such section."],
    ["a section still locked", "learner", { question: "first", answer: "right" }, "1", "course", 409, "Pass the quiz of section 1 first: sections open in order."],
    ["an item of the pool not in this attempt", "learner", { question: "undrawn", answer: "right" }, "0", "course", 422, "That question is not part of your attempt at this quiz: reload the quiz."],
    ["question of another section", "learner", { question: "next-section", answer: "right" }, "0", "course", 422, "That question is not part of your attempt at this quiz: reload the quiz."],
    ["question of another course", "learner", { question: "other-course", answer: "right" }, "0", "course", 422, undefined],
    ["answer that is not an option", "learner", { question: "first", answer: "not an option" }, "0", "course", 422, "That answer is not one of the question's options."],
    ["missing answer", "learner", { question: "first" }, "0", "course", 422, "answer is required: choose an option"],
    ["empty answer", "learner", { question: "first", answer: "" }, "0", "course", 422, "answer is required: choose an option"],
    ["missing question_id", "learner", { answer: "right" }, "0", "course", 422, "question_id is required and must be a number"],
    ["question_id as text", "learner", { question: "as-text", answer: "right" }, "0", "course", 422, "question_id is required and must be a number"],
  ])("refuses %s", async (_name, who, spec, sectionIndex, course, status, detail) => {
    const learner = await enrolled();
    const stranger = await createUser();
    const drawn = await questions(learner);
    const [first] = drawn;
    const [other] = await questions(await enrolled(otherCourseId), 0, otherCourseId);
    const [next] = await sectionKey(courseId, 1);
    const undrawn = (await sectionKey(courseId, 0)).find((p) => !drawn.some((d) => d.id === p.id));
    const s = spec as { question?: string; answer?: string };
    const picked = { first, "other-course": other, "next-section": next, "as-text": first, undrawn }[s.question ?? ""];
    const questionId = s.question === "as-text" ? String(first!.id) : picked?.id;
    const answer = s.answer === "right" ? picked?.correctAnswer : s.answer;
    const body = { ...(questionId !== undefined ? { question_id: questionId } : {}), ...(answer !== undefined ? { answer } : {}) };
    const caller = who === null ? null : who === "stranger" ? stranger : learner;
    const res = await check(caller, body, sectionIndex, course === "course" ? String(courseId) : course);
    expect(res.status).toBe(status);
    if (detail) expect(res.body.detail).toBe(detail);
  });
});

describe("POST /courses/{courseId}/sections/{sectionIndex}/quiz-complete", () => {
  it("scores each item's first try: a right second try is practice, and the item counts as missed", async () => {
    const learner = await enrolled();
    const qs = await questions(learner);
    await check(learner, { question_id: qs[0]!.id, answer: wrongOption(qs[0]!) });
    await check(learner, { question_id: qs[0]!.id, answer: qs[0]!.correctAnswer });
    // The client may send the right answer for an item already tried: the server keeps the first try.
    const res = await complete(learner, { answers: qs.map((q) => ({ question_id: q.id, answer: q.correctAnswer })) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ passed: false, score: 4, total: 5, counts_toward_pass: true, next_counting_at: null });
    expect(res.body.results[0]).toMatchObject({ question_id: qs[0]!.id, correct: false, answer: wrongOption(qs[0]!), correct_answer: qs[0]!.correctAnswer, hint: qs[0]!.hint });
  });

  it("an item left out is missed and final: its result carries the key and the explanation", async () => {
    const learner = await enrolled();
    const qs = await questions(learner);
    const res = await complete(learner, { answers: qs.slice(1).map((q) => ({ question_id: q.id, answer: q.correctAnswer })) });
    expect(res.body).toMatchObject({ passed: false, score: 4, total: 5 });
    expect(res.body.results[0]).toMatchObject({ question_id: qs[0]!.id, correct: false, answer: null, correct_answer: qs[0]!.correctAnswer });
    expect(res.body.results[0].explanation).toEqual(expect.any(String));
    expect(await revealed(learner)).toEqual(qs.map((q) => q.id).sort((a, b) => a - b));
  });

  it("an attempt answered item by item is graded without a body; with nothing tried and nothing passed, a bodyless call is 409", async () => {
    const learner = await enrolled();
    const qs = await questions(learner);
    const bare = await complete(learner);
    expect(bare.status).toBe(409);
    expect(bare.body.detail).toBe("No passing attempt at this quiz yet: answer its questions first.");
    for (const q of qs) await check(learner, { question_id: q.id, answer: q.correctAnswer });
    const graded = await complete(learner);
    expect(graded.body).toMatchObject({ passed: true, score: 5, total: 5 });
    // Once passed, a client that only reports completion gets the passing attempt back.
    const again = await complete(learner);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ passed: true, score: 5 });
  });

  it("refuses answers to items outside the attempt, twice-answered items and answers that are no option", async () => {
    const learner = await enrolled();
    const qs = await questions(learner);
    const undrawn = (await sectionKey(courseId, 0)).find((p) => !qs.some((d) => d.id === p.id))!;
    expect((await complete(learner, { answers: [{ question_id: undrawn.id, answer: undrawn.correctAnswer }] })).status).toBe(422);
    const twice = await complete(learner, { answers: [qs[0], qs[0]].map((q) => ({ question_id: q!.id, answer: q!.correctAnswer })) });
    expect(twice.status).toBe(422);
    const noOption = await complete(learner, { answers: [{ question_id: qs[0]!.id, answer: "not an option" }] });
    expect(noOption.status).toBe(422);
    // Nothing was graded.
    expect(await getDb().select().from(quizAttempts).where(and(eq(quizAttempts.userId, learner.user.id)))).toEqual([]);
  });
});
