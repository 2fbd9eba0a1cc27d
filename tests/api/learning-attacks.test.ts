import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { enrollments, quizAttempts, rateLimits } from "../../db/schema";
import { QUIZ_CHECK_LIMIT } from "../../lib/practice/quizzes/check-answer";
import { call, createUser } from "../harness/http";
import { seededCourse } from "../harness/seeded-course";
import { answersWithMisses, rightAnswersFor, sectionKey } from "../harness/quiz-key";
import { handlerOf } from "./routes";

/*
 * A script enrolled, read the answer key from GET /section-quizzes, answered
 * the sections last to first, jumped its progress to 99 and was listed as completed at 100 % in
 * 0.12 s. Each story below is one step of that script (or of a learner peeking ahead), refused now.
 */

type Learner = Awaited<ReturnType<typeof createUser>>;

const enroll = handlerOf("POST /enroll");
const sectionQuizzes = handlerOf("GET /section-quizzes");
const quizCheck = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-check");
const quizComplete = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-complete");
const updateProgress = handlerOf("PUT /courses/update_progress");
const courseDetail = handlerOf("GET /courses/{id}");
const completedCourses = handlerOf("GET /users/{id}/completed-courses");

let courseId: number;
let shape: number[];

beforeAll(async () => {
  ({ courseId, shape } = await seededCourse());
});

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

const lastSection = () => shape.length - 1;

async function enrolled(): Promise<Learner> {
  const learner = await createUser();
  expect((await call(enroll, { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
  return learner;
}

const getQuiz = (learner: Learner, sectionIndex: number) =>
  call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=${sectionIndex}` });

const submit = (learner: Learner, sectionIndex: number, answers: { question_id: number; answer: string | null }[]) =>
  call(quizComplete, { token: learner.token, params: { id: String(courseId), sectionIndex: String(sectionIndex) }, json: { answers } });

const saveProgress = (learner: Learner, progress: number, position?: { section_index: number; subsection_index: number }) =>
  call(updateProgress, { method: "PUT", token: learner.token, json: { course_id: courseId, progress, ...position } });

async function storedProgress(learner: Learner): Promise<number | undefined> {
  const [row] = await getDb()
    .select({ progress: enrollments.progress })
    .from(enrollments)
    .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
  return row?.progress;
}

const attemptsOf = (learner: Learner) => getDb().select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id));

/** The honest way through: every Next saved in order, every quiz passed in order. */
async function readAndPassEverything(learner: Learner): Promise<number> {
  const next = Math.round(90 / shape.reduce((a, b) => a + b, 0));
  let progress = 0;
  for (const [s, subs] of shape.entries()) {
    for (let i = 1; i < subs; i++) {
      const res = await saveProgress(learner, Math.min(100, progress + next), { section_index: s, subsection_index: i });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      progress = res.body.course_progress;
    }
    const quiz = await getQuiz(learner, s);
    expect(quiz.status).toBe(200);
    const result = await submit(learner, s, await rightAnswersFor(quiz.body));
    expect(result.body.passed).toBe(true);
    progress = result.body.course_progress;
  }
  return progress;
}

describe("the answer key stays on the server", () => {
  it("a fresh learner's GET /section-quizzes carries no answer key, and needs an enrolment", async () => {
    const learner = await createUser();
    const before = await getQuiz(learner, 0);
    expect(before.status).toBe(409);
    expect(before.body).toEqual({ detail: "Enrol in this course first." });

    await call(enroll, { token: learner.token, json: { course_id: courseId } });
    const quiz = await getQuiz(learner, 0);
    expect(quiz.status).toBe(200);
    expect(quiz.body.length).toBeGreaterThan(0);
    for (const question of quiz.body) expect(Object.keys(question).sort()).toEqual(["id", "options", "question"]);
  });

  it("the right option is revealed only once an item is final: a first miss never names the key, quiz-complete explains each answer", async () => {
    const learner = await enrolled();
    const quiz = await getQuiz(learner, 0);
    const key = await sectionKey(courseId, 0);
    // Before the item is final: a first miss says "wrong" with the hint, and neither the key nor why.
    const first = quiz.body[0] as { id: number; options: string[] };
    const firstKey = key.find((q) => q.id === first.id)!.correctAnswer;
    const wrongOption = first.options.find((o) => o !== firstKey)!;
    const check = await call(quizCheck, { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { question_id: first.id, answer: wrongOption } });
    expect(check.body).toMatchObject({ correct: false, final: false, correct_answer: null, explanation: null, concept: null, source: null });
    expect(JSON.stringify(check.body)).not.toContain(JSON.stringify(firstKey));

    // After submitting (the result's remediation): every result carries its right option, why, and the lesson.
    const result = await submit(learner, 0, await answersWithMisses(quiz.body));
    expect(result.body.passed).toBe(false);
    for (const r of result.body.results) {
      const keyed = key.find((q) => q.id === r.question_id)!;
      expect(Object.keys(r).sort()).toEqual(["answer", "concept", "correct", "correct_answer", "explanation", "hint", "lesson", "level", "level_before", "question_id", "source"]);
      expect(r.hint).toBe(r.correct ? null : keyed.hint);
      expect(r.correct_answer).toBe(keyed.correctAnswer);
      expect(r.explanation).toEqual(expect.any(String));
      expect(r.lesson).toEqual({ course_id: courseId, section_index: 0, subsection_index: expect.any(Number), title: expect.any(String) });
    }
  });

  it(`quiz-check answers ${QUIZ_CHECK_LIMIT.max} checks per learner in ${QUIZ_CHECK_LIMIT.windowSeconds / 60} minutes, then 429 with Retry-After`, async () => {
    const learner = await enrolled();
    // Right first time, the item is final: asking again answers the same, so every call is a valid check.
    const check = async (who: Learner) => {
      const [question] = (await getQuiz(who, 0)).body as { id: number }[];
      const { correctAnswer } = (await sectionKey(courseId, 0)).find((q) => q.id === question!.id)!;
      return () => call(quizCheck, { token: who.token, params: { id: String(courseId), sectionIndex: "0" }, json: { question_id: question!.id, answer: correctAnswer } });
    };
    const learnerCheck = await check(learner);
    for (let i = 0; i < QUIZ_CHECK_LIMIT.max; i++) expect((await learnerCheck()).status).toBe(200);
    const limited = await learnerCheck();
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/answer checks/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another learner is not held back by it.
    expect((await (await check(await enrolled()))()).status).toBe(200);
  });
});

describe("sections unlock in order", () => {
  it("the last section's quiz cannot be fetched, checked or passed first", async () => {
    const learner = await enrolled();
    const last = lastSection();
    const quiz = await getQuiz(learner, last);
    expect(quiz.status).toBe(409);
    expect(quiz.body.detail).toBe("Pass the quiz of section 1 first: sections open in order.");

    const key = await sectionKey(courseId, last);
    const check = await call(quizCheck, { token: learner.token, params: { id: String(courseId), sectionIndex: String(last) }, json: { question_id: key[0]!.id, answer: key[0]!.correctAnswer } });
    expect(check.status).toBe(409);
    const passed = await submit(learner, last, await rightAnswersFor(key));
    expect(passed.status).toBe(409);
    expect(passed.body.detail).toBe("Pass the quiz of section 1 first: sections open in order.");
    expect(await attemptsOf(learner)).toEqual([]);
  });

  it("the script that answered the sections last to first is not listed as completed", async () => {
    const learner = await enrolled();
    for (let s = lastSection(); s >= 0; s--) await submit(learner, s, await rightAnswersFor(await sectionKey(courseId, s)));
    const completed = await call(completedCourses, { token: learner.token, params: { id: String(learner.user.id) } });
    expect(completed.body).toEqual([]);
    expect(await storedProgress(learner)).toBeLessThan(100);
  });

  it("reading in order and passing every quiz in order still ends at exactly 100", async () => {
    const learner = await enrolled();
    expect(await readAndPassEverything(learner)).toBe(100);
    const completed = await call(completedCourses, { token: learner.token, params: { id: String(learner.user.id) } });
    expect(completed.body.map((c: { id: number }) => c.id)).toEqual([courseId]);
  });
});

describe("progress follows reading", () => {
  it("cannot jump to 99 after enrolling", async () => {
    const learner = await enrolled();
    const jump = await saveProgress(learner, 99);
    expect(jump.status).toBe(409);
    // Without a reader position the save counts as one Next step, and no more.
    const step = Math.round(90 / shape.reduce((a, b) => a + b, 0));
    expect(jump.body.detail).toBe(`Progress rises as you read and pass quizzes: at most ${step}% so far.`);
    expect(await storedProgress(learner)).toBe(0);
  });

  it("one Next earns one step, not more", async () => {
    const learner = await enrolled();
    const step = Math.round(90 / shape.reduce((a, b) => a + b, 0));
    const greedy = await saveProgress(learner, 99, { section_index: 0, subsection_index: 1 });
    expect(greedy.status).toBe(409);
    expect(greedy.body.detail).toBe(`Progress rises as you read and pass quizzes: at most ${step}% so far.`);
    expect(await storedProgress(learner)).toBe(0);
    const honest = await saveProgress(learner, step, { section_index: 0, subsection_index: 1 });
    expect([honest.status, honest.body.course_progress]).toEqual([200, step]);
  });
});

describe("locked subsections are titles only", () => {
  type Detail = { sections: { subsections: { title: string; content: string | null }[] }[] };
  const contents = (detail: Detail) => detail.sections.flatMap((s) => s.subsections.map((sub) => sub.content));

  it("GET /courses/{id} sends every title but only the unlocked subsections' content", async () => {
    const stranger = await createUser();
    const notEnrolled = (await call(courseDetail, { token: stranger.token, params: { id: String(courseId) } })).body as Detail;
    expect(contents(notEnrolled).every((c) => c === null)).toBe(true);

    const learner = await enrolled();
    const detail = (await call(courseDetail, { token: learner.token, params: { id: String(courseId) } })).body as Detail;
    expect(detail.sections.flatMap((s) => s.subsections.map((sub) => sub.title)).every((t) => t.length > 0)).toBe(true);
    expect(detail.sections[0]!.subsections[0]!.content).toEqual(expect.stringMatching(/\S/));
    expect(contents(detail).slice(1).every((c) => c === null)).toBe(true);
  });

  it("sends everything once the course is completed", async () => {
    const learner = await enrolled();
    await readAndPassEverything(learner);
    const detail = (await call(courseDetail, { token: learner.token, params: { id: String(courseId) } })).body as Detail;
    expect(contents(detail).every((c) => typeof c === "string" && c.length > 0)).toBe(true);
  });
});
