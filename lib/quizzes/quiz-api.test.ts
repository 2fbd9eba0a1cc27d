import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, quizAttempts } from "../../db/schema";
import { call, createUser } from "../../tests/harness/http";
import { answerKey, sectionKey } from "../../tests/harness/quiz-key";

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

const wrongOption = (q: Question) => q.options.find((o) => o !== q.correctAnswer)!;

describe("POST /courses/{courseId}/sections/{sectionIndex}/quiz-check", () => {
  it("says Correct without a hint, or Incorrect with the hint, and never reveals the right option", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    const right = await check(learner, { question_id: q!.id, answer: q!.correctAnswer });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ question_id: q!.id, correct: true, hint: null });

    const wrong = await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ question_id: q!.id, correct: false, hint: q!.hint });
    expect(wrong.body).not.toHaveProperty("correctAnswer");
  });

  it("records nothing: only quiz-complete makes an attempt", async () => {
    const learner = await enrolled();
    const [q] = await questions(learner);
    await check(learner, { question_id: q!.id, answer: wrongOption(q!) });
    const attempts = await getDb().select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id));
    expect(attempts).toEqual([]);
  });

  it("agrees with the grading of quiz-complete", async () => {
    const learner = await enrolled();
    const qs = await questions(learner, 0);
    const answers = qs.map((q, i) => ({ question_id: q.id, answer: i % 2 === 0 ? q.correctAnswer : wrongOption(q) }));
    const checks = await Promise.all(answers.map((a) => check(learner, a, "0")));
    const graded = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
    expect(graded.status).toBe(200);
    expect(checks.map((c) => c.body.correct)).toEqual(graded.body.results.map((r: { correct: boolean }) => r.correct));
    expect(graded.body.passed).toBe(false);
  });

  it.each([
    ["no token", null, {}, "0", "course", 401, undefined],
    ["not enrolled", "stranger", { question: "first", answer: "right" }, "0", "course", 409, "Enrol in this course first."],
    ["unknown course", "learner", { question: "first", answer: "right" }, "0", "999999", 404, "Course not found."],
    ["malformed course id", "learner", { question: "first", answer: "right" }, "0", "1abc", 404, undefined],
    ["section that does not exist", "learner", { question: "first", answer: "right" }, "99", "course", 404, "This course has no such section."],
    ["negative section", "learner", { question: "first", answer: "right" }, "-1", "course", 404, "This course has no such section."],
    ["a section still locked", "learner", { question: "first", answer: "right" }, "1", "course", 409, "Pass the quiz of section 1 first: sections open in order."],
    ["question of another section", "learner", { question: "next-section", answer: "right" }, "0", "course", 422, "Question NEXT is not part of this section's quiz."],
    ["question of another course", "learner", { question: "other-course", answer: "right" }, "0", "course", 422, undefined],
    ["answer that is not an option", "learner", { question: "first", answer: "not an option" }, "0", "course", 422, "That answer is not one of the question's options."],
    ["missing answer", "learner", { question: "first" }, "0", "course", 422, "answer is required: choose an option"],
    ["empty answer", "learner", { question: "first", answer: "" }, "0", "course", 422, "answer is required: choose an option"],
    ["missing question_id", "learner", { answer: "right" }, "0", "course", 422, "question_id is required and must be a number"],
    ["question_id as text", "learner", { question: "as-text", answer: "right" }, "0", "course", 422, "question_id is required and must be a number"],
  ])("refuses %s", async (_name, who, spec, sectionIndex, course, status, detail) => {
    const learner = await enrolled();
    const stranger = await createUser();
    const [first] = await questions(learner);
    const [other] = await questions(await enrolled(otherCourseId), 0, otherCourseId);
    const [next] = await sectionKey(courseId, 1);
    const s = spec as { question?: string; answer?: string };
    const picked = { first, "other-course": other, "next-section": next, "as-text": first }[s.question ?? ""];
    const questionId = s.question === "as-text" ? String(first!.id) : picked?.id;
    const answer = s.answer === "right" ? picked?.correctAnswer : s.answer;
    const body = { ...(questionId !== undefined ? { question_id: questionId } : {}), ...(answer !== undefined ? { answer } : {}) };
    const caller = who === null ? null : who === "stranger" ? stranger : learner;
    const res = await check(caller, body, sectionIndex, course === "course" ? String(courseId) : course);
    expect(res.status).toBe(status);
    if (detail) expect(res.body.detail).toBe(detail.replace("NEXT", String(next!.id)));
  });
});
