import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getPool } from "../../../db/client";
import { courses, enrollments, quizAnswers, quizAttempts, quizQuestions } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { seededCourse } from "../../../tests/harness/seeded-course";
import { answersWithMisses, answerKey, rightAnswersFor as rightAnswers, sectionKey } from "../../../tests/harness/quiz-key";
import { listRecommendations, listRecommendationsPage } from "../recommendations/recommend";
import { listCompletedCourses, listCompletedCoursesRange, listMyCourses, listMyCoursesPage, listMyCoursesRange, listOngoingCourses } from "./enrollment";

type Learner = Awaited<ReturnType<typeof createUser>>;
type Question = { id: number; question: string; options: string[] };

let courseId: number;
let shape: number[];

beforeAll(async () => {
  ({ courseId, shape } = await seededCourse());
});

const totalSubs = () => shape.reduce((a, b) => a + b, 0);

async function enrolled(): Promise<Learner> {
  const learner = await createUser();
  await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
  return learner;
}

async function quiz(learner: Learner, sectionIndex: number): Promise<Question[]> {
  const res = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=${sectionIndex}` });
  expect(res.status).toBe(200);
  return res.body;
}

function submit(learner: Learner, sectionIndex: number, answers: { question_id: number; answer: string | null }[]) {
  return call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: String(sectionIndex) }, json: { answers } });
}

const wrongFirst = (questions: Question[]) => answersWithMisses(questions, (i) => i === 0);
const nextStep = () => Math.round(90 / totalSubs());

/** Saves the reader's Next onto each subsection of section 0 up to `last`, with no progress claimed. */
async function readSectionZeroTo(learner: Learner, last: number) {
  for (let i = 1; i <= last; i++) {
    const res = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress: 0, section_index: 0, subsection_index: i } });
    expect(res.status).toBe(200);
  }
}

describe("topics", () => {
  it("GET /topics is public and lists each topic with creator, courses and totalCourses", async () => {
    const res = await call("GET /topics");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(6);
    const python = res.body.find((t: { title: string }) => t.title === "Python Programming");
    expect(python).toMatchObject({ totalCourses: 2, creator: { first_name: expect.any(String) } });
    expect(python.courses[0]).toMatchObject({ course_title: "Python Basics", course_level: "Beginner", is_detail_created_by_ai: true, duration: expect.any(Number), duration_minutes: expect.any(Number) });
  });

  it("GET /topics/{id}/courses answers the topic and its courses, 404 for unknown or malformed ids", async () => {
    const topics = (await call("GET /topics")).body;
    const res = await call("GET /topics/:id/courses", { params: { id: String(topics[0].id) } });
    expect(res.body.topic).toEqual({ id: topics[0].id, title: topics[0].title, description: topics[0].description });
    expect(res.body.courses.length).toBe(topics[0].totalCourses);
    expect((await call("GET /topics/:id/courses", { params: { id: "999999" } })).body).toEqual({ detail: "Topic not found." });
    expect((await call("GET /topics/:id/courses", { params: { id: "1abc" } })).status).toBe(404);
  });
});

describe("interests", () => {
  it("starts without interests, saves at least one known topic, and lists them", async () => {
    const learner = await createUser();
    expect((await call("GET /users/interests", { token: learner.token })).body).toEqual({ hasInterests: false });
    const topics = (await call("GET /topics")).body;
    const save = await call("POST /users/topic-preference", { token: learner.token, json: { topic_ids: [topics[0].id, topics[1].id, topics[0].id] } });
    expect(save.status).toBe(200);
    expect(save.body.topic_ids).toHaveLength(2);
    expect((await call("GET /users/interests", { token: learner.token })).body).toEqual({ hasInterests: true });
    const selected = await call("GET /users/:id/selected-topics", { token: learner.token, params: { id: String(learner.user.id) } });
    expect(selected.body.map((t: { id: number }) => t.id).sort()).toEqual([topics[0].id, topics[1].id].sort());
  });

  it.each([
    ["an empty list", { topic_ids: [] }, 422, "Select at least one topic."],
    ["a missing list", {}, 422, "topic_ids must be a list of topic ids"],
    ["an unknown topic", { topic_ids: [999999] }, 404, "Unknown topic id: 999999."],
    ["a string id", { topic_ids: ["1"] }, 422, undefined],
  ])("POST /users/topic-preference refuses %s", async (_n, json, status, detail) => {
    const learner = await createUser();
    const res = await call("POST /users/topic-preference", { token: learner.token, json });
    expect(res.status).toBe(status);
    if (detail) expect(res.body.detail).toBe(detail);
    expect((await call("GET /users/interests", { token: learner.token })).body.hasInterests).toBe(false);
  });

  it("someone else's selected topics are off limits, anonymous callers get 401", async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await call("GET /users/:id/selected-topics", { token: a.token, params: { id: String(b.user.id) } })).status).toBe(403);
    expect((await call("GET /users/interests")).status).toBe(401);
  });
});

describe("enrolment and lists", () => {
  it("POST /enroll is idempotent: 201 then 200, one row", async () => {
    const learner = await createUser();
    const first = await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
    const second = await call("POST /enroll", { token: learner.token, json: { course_id: courseId, user_id: learner.user.id } });
    expect([first.status, second.status]).toEqual([201, 200]);
    const rows = await getDb().select().from(enrollments).where(eq(enrollments.userId, learner.user.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["a missing course", { course_id: 999999 }, 404],
    ["a course id as text", { course_id: "abc" }, 422],
    ["no course id", {}, 422],
  ])("POST /enroll refuses %s", async (_n, json, status) => {
    const learner = await createUser();
    expect((await call("POST /enroll", { token: learner.token, json })).status).toBe(status);
  });

  it("nobody enrols someone else", async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await call("POST /enroll", { token: a.token, json: { course_id: courseId, user_id: b.user.id } })).status).toBe(403);
  });

  it("GET /mycourses and /recommendations follow the learner's enrolments; someone else's user_id is 403", async () => {
    const learner = await enrolled();
    const mine = await call("GET /mycourses", { token: learner.token, path: `/mycourses?user_id=${learner.user.id}` });
    expect(mine.body.map((c: { id: number }) => c.id)).toEqual([courseId]);
    const recs = await call("GET /recommendations", { token: learner.token, path: `/recommendations?user_id=${learner.user.id}` });
    expect(recs.body.length).toBe(11);
    expect(recs.body.map((c: { id: number }) => c.id)).not.toContain(courseId);
    const other = await createUser();
    expect((await call("GET /mycourses", { token: other.token, path: `/mycourses?user_id=${learner.user.id}` })).status).toBe(403);
    expect((await call("GET /recommendations", { token: other.token, path: `/recommendations?user_id=${learner.user.id}` })).status).toBe(403);
    expect((await call("GET /mycourses", { token: other.token, path: "/mycourses?user_id=abc" })).status).toBe(422);
    expect((await call("GET /mycourses")).status).toBe(401);
  });

  it("recommendations put the chosen topic first, and Intermediate first after passing Beginner work", async () => {
    const learner = await enrolled();
    const topics = (await call("GET /topics")).body;
    const python = topics.find((t: { title: string }) => t.title === "Python Programming");
    await call("POST /users/topic-preference", { token: learner.token, json: { topic_ids: [python.id] } });
    await submit(learner, 0, await rightAnswers(await quiz(learner, 0)));
    const recs = (await call("GET /recommendations", { token: learner.token })).body;
    expect(recs[0]).toMatchObject({ course_title: "Idiomatic Python: Functions, Iterators and Generators", course_level: "Intermediate" });
  });
});

describe("paged lists (My Enrolled Courses, Recommended Courses)", () => {
  it("listMyCoursesPage cuts the learner's courses into pages in the same order as listMyCourses", async () => {
    const learner = await createUser();
    const all = await getDb().select({ id: courses.id }).from(courses);
    for (const c of all.slice(0, 7)) await call("POST /enroll", { token: learner.token, json: { course_id: c.id } });
    const full = (await listMyCourses(getDb(), learner.user.id)).map((c) => c.id);
    expect(full).toHaveLength(7);

    const first = await listMyCoursesPage(getDb(), learner.user.id, 1, 3);
    const second = await listMyCoursesPage(getDb(), learner.user.id, 2, 3);
    const last = await listMyCoursesPage(getDb(), learner.user.id, 3, 3);
    expect([first.total, first.totalPages, first.page]).toEqual([7, 3, 1]);
    expect([...first.items, ...second.items, ...last.items].map((c) => c.id)).toEqual(full);
    expect(last.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ course_progress: 0, duration: expect.any(Number), duration_minutes: expect.any(Number) });
    // Past the end shows the last page; nonsense shows the first.
    expect((await listMyCoursesPage(getDb(), learner.user.id, 99, 3)).page).toBe(3);
    expect((await listMyCoursesPage(getDb(), learner.user.id, 0, 3)).items.map((c) => c.id)).toEqual(first.items.map((c) => c.id));
  });

  it("listMyCoursesPage for a learner without enrolments is one empty page; nobody else's courses leak in", async () => {
    await enrolled();
    const fresh = await createUser();
    expect(await listMyCoursesPage(getDb(), fresh.user.id, 1, 12)).toEqual({ items: [], page: 1, totalPages: 1, total: 0 });
  });

  it("listOngoingCourses (My Learning, Ongoing) leaves out finished courses, which listCompletedCourses has", async () => {
    const learner = await enrolled();
    const [other] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "SQL Essentials"));
    await call("POST /enroll", { token: learner.token, json: { course_id: other!.id } });
    expect((await listOngoingCourses(getDb(), learner.user.id)).map((c) => c.id).sort()).toEqual([courseId, other!.id].sort());
    await getDb()
      .update(enrollments)
      .set({ progress: 100, completedAt: new Date() })
      .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, other!.id)));
    expect((await listOngoingCourses(getDb(), learner.user.id)).map((c) => c.id)).toEqual([courseId]);
    expect((await listCompletedCourses(getDb(), learner.user.id)).map((c) => c.id)).toEqual([other!.id]);
    expect(await listOngoingCourses(getDb(), (await createUser()).user.id)).toEqual([]);
  });

  it("GET /mycourses cuts the list in SQL in listMyCourses' order: X-Total-Count is the whole list's, a page past the end is empty", async () => {
    const learner = await createUser();
    const all = await getDb().select({ id: courses.id }).from(courses);
    for (const c of all.slice(0, 7)) await call("POST /enroll", { token: learner.token, json: { course_id: c.id } });
    const full = (await listMyCourses(getDb(), learner.user.id)).map((c) => c.id);
    const page = async (query: string) => {
      const res = await call("GET /mycourses", { token: learner.token, path: `/mycourses${query}` });
      expect(res.status).toBe(200);
      return { ids: res.body.map((c: { id: number }) => c.id), total: res.headers.get("x-total-count") };
    };
    expect(await page("")).toEqual({ ids: full, total: "7" });
    expect(await page("?page=2&limit=3")).toEqual({ ids: full.slice(3, 6), total: "7" });
    expect(await page("?page=3&limit=3")).toEqual({ ids: full.slice(6), total: "7" });
    expect(await page("?page=4&limit=3")).toEqual({ ids: [], total: "7" });
    const fresh = await createUser();
    const none = await call("GET /mycourses", { token: fresh.token });
    expect([none.body, none.headers.get("x-total-count")]).toEqual([[], "0"]);
  });

  it("a slice of my courses and its total cost one statement; only a slice past the end counts apart", async () => {
    const learner = await enrolled();
    const statements = vi.spyOn(getPool(), "query");
    try {
      expect(await listMyCoursesRange(getDb(), learner.user.id, { offset: 0, limit: 10 })).toMatchObject({ items: [{ id: courseId }], total: 1 });
      expect(statements).toHaveBeenCalledTimes(1);
      expect(await listMyCoursesRange(getDb(), learner.user.id, { offset: 10, limit: 10 })).toEqual({ items: [], total: 1 });
      expect(statements).toHaveBeenCalledTimes(3);
    } finally {
      statements.mockRestore();
    }
  });

  it("GET /users/:id/completed-courses pages newest first, a tie broken by course id, so pages never overlap", async () => {
    const learner = await createUser();
    const all = await getDb().select({ id: courses.id }).from(courses).orderBy(courses.id);
    const finished = all.slice(0, 5).map((c) => c.id);
    for (const id of finished) await call("POST /enroll", { token: learner.token, json: { course_id: id } });
    // Three courses finished at the same instant, two later ones apart.
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const finishedAt = [at(0), at(0), at(0), at(5), at(10)];
    for (const [i, id] of finished.entries()) {
      await getDb().update(enrollments).set({ progress: 100, completedAt: finishedAt[i] }).where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, id)));
    }
    const expected = [finished[4], finished[3], finished[2], finished[1], finished[0]];
    expect((await listCompletedCourses(getDb(), learner.user.id)).map((c) => c.id)).toEqual(expected);

    const params = { id: String(learner.user.id) };
    const page = async (query: string) => {
      const res = await call("GET /users/:id/completed-courses", { token: learner.token, path: `/users/${learner.user.id}/completed-courses${query}`, params });
      expect(res.status).toBe(200);
      return { ids: res.body.map((c: { id: number }) => c.id), total: res.headers.get("x-total-count") };
    };
    expect(await page("")).toEqual({ ids: expected, total: "5" });
    const pages = [await page("?page=1&limit=2"), await page("?page=2&limit=2"), await page("?page=3&limit=2")];
    expect(pages.flatMap((p) => p.ids)).toEqual(expected);
    expect(await page("?page=9&limit=2")).toEqual({ ids: [], total: "5" });
    const [first] = (await listCompletedCoursesRange(getDb(), learner.user.id, { offset: 0, limit: 1 })).items;
    expect(first).toMatchObject({ id: finished[4], course_progress: 100, completed_at: at(10).toISOString() });
  });

  it("listRecommendationsPage pages the ranked list without enrolled courses", async () => {
    const learner = await enrolled();
    const ranked = (await listRecommendations(getDb(), learner.user.id)).map((c) => c.id);
    expect(ranked).toHaveLength(11);
    const first = await listRecommendationsPage(getDb(), learner.user.id, 1, 10);
    const second = await listRecommendationsPage(getDb(), learner.user.id, 2, 10);
    expect([first.total, first.totalPages, second.page]).toEqual([11, 2, 2]);
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(ranked);
    expect(ranked).not.toContain(courseId);
  });
});

describe("progress", () => {
  it.each([
    ["150", 150, 422],
    ["-1", -1, 422],
    ["a fraction", 12.5, 422],
    ["text", "50", 422],
  ])("refuses progress %s", async (_n, progress, status) => {
    const learner = await enrolled();
    const res = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, user_id: learner.user.id, progress } });
    expect(res.status).toBe(status);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it("never goes down, and never rises beyond what the reading earned", async () => {
    const learner = await enrolled();
    await readSectionZeroTo(learner, 2);
    const up = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress: 2 * nextStep() } });
    expect(up.body.course_progress).toBe(2 * nextStep());
    const down = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress: nextStep() } });
    expect(down.status).toBe(409);
    const claim = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress: 100 } });
    expect([claim.status, claim.body.detail]).toEqual([409, `Progress rises as you read and pass quizzes: at most ${2 * nextStep()}% so far.`]);
  });

  it("refuses someone else's progress, a course the caller is not enrolled in, and a locked position", async () => {
    const learner = await enrolled();
    const other = await createUser();
    expect((await call("PUT /courses/update_progress", { method: "PUT", token: other.token, json: { course_id: courseId, user_id: learner.user.id, progress: 50 } })).status).toBe(403);
    expect((await call("PUT /courses/update_progress", { method: "PUT", token: other.token, json: { course_id: courseId, progress: 50 } })).status).toBe(409);
    const locked = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress: 10, section_index: 1, subsection_index: 0 } });
    expect(locked.status).toBe(409);
    expect(locked.body.detail).toBe("That part of the course is still locked.");
  });

  it("a course that does not exist is 404", async () => {
    const learner = await enrolled();
    const res = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: 999999, progress: 10 } });
    expect([res.status, res.body.detail]).toEqual([404, "Course not found."]);
  });

  it("concurrent saves keep the highest value", async () => {
    const learner = await enrolled();
    await readSectionZeroTo(learner, shape[0]! - 1);
    const values = [1, 2, 0, 2, 1].map((n) => n * nextStep());
    await Promise.all(values.map((progress) => call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress } })));
    const [row] = await getDb().select().from(enrollments).where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
    expect(row!.progress).toBe(2 * nextStep());
  });
});

describe("section quizzes", () => {
  it("GET /section-quizzes answers the section's questions without the answer key; bad sections 404/422", async () => {
    const learner = await enrolled();
    const questions = await quiz(learner, 0);
    expect(questions.length).toBe(5);
    expect(questions[0]).toEqual({ id: expect.any(Number), question: expect.any(String), options: expect.any(Array) });
    expect((await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=99` })).status).toBe(404);
    expect((await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=-1` })).status).toBe(422);
    expect((await call("GET /section-quizzes", { token: learner.token, path: "/section-quizzes" })).status).toBe(422);
  });

  it("a bare claim or another section's questions record nothing; a partial attempt is graded with the rest missed", async () => {
    const learner = await enrolled();
    const bare = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: {} });
    expect(bare.status).toBe(409);
    const questions = await quiz(learner, 0);
    const other = await submit(learner, 0, await rightAnswers(await sectionKey(courseId, 1)));
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/is not part of your attempt at this quiz/);
    expect(await getDb().select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id))).toHaveLength(0);
    const partial = await submit(learner, 0, await rightAnswers(questions.slice(0, 2)));
    expect(partial.body).toMatchObject({ passed: false, score: 2, total: 5 });
  });

  it("grades on the server, stores each answer, and a retry asks the missed concept first through another item", async () => {
    const learner = await enrolled();
    const questions = await quiz(learner, 0);
    const failed = await submit(learner, 0, await wrongFirst(questions));
    expect(failed.body).toMatchObject({ passed: false, score: questions.length - 1, total: questions.length, course_progress: 0 });
    // After submission, and only then: the right option, why, and the lesson that teaches it.
    const firstKey = (await answerKey([questions[0]!.id])).get(questions[0]!.id)!;
    expect(failed.body.results[0]).toEqual({
      question_id: questions[0]!.id,
      correct: false,
      answer: expect.any(String),
      concept: expect.any(String),
      level: "struggling",
      // What the attempt moved it from: never answered before.
      level_before: "new",
      hint: expect.any(String),
      correct_answer: firstKey.correctAnswer,
      explanation: expect.any(String),
      lesson: { course_id: courseId, section_index: 0, subsection_index: expect.any(Number), title: expect.any(String) },
      source: null, // a course written without sources
    });
    const stored = await getDb().select().from(quizAnswers).innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId)).where(eq(quizAttempts.userId, learner.user.id));
    expect(stored).toHaveLength(questions.length);

    const detail = await call("GET /courses/:id", { token: learner.token, params: { id: String(courseId) } });
    expect(detail.body.review_sections).toEqual([0]);

    // The retry asks the missed concept first, through its other item: never the item whose key was shown.
    const retry = await quiz(learner, 0);
    expect(retry[0]!.id).not.toBe(questions[0]!.id);
    const concepts = new Map((await getDb().select({ id: quizQuestions.id, concept: quizQuestions.concept }).from(quizQuestions).where(inArray(quizQuestions.id, [questions[0]!.id, retry[0]!.id]))).map((r) => [r.id, r.concept]));
    expect(concepts.get(retry[0]!.id)).toBe(concepts.get(questions[0]!.id));
  });

  it("someone who is not enrolled cannot submit; an unknown section is 404", async () => {
    const learner = await createUser();
    expect((await submit(learner, 0, await rightAnswers(await sectionKey(courseId, 0)))).status).toBe(409);
    const enrolledLearner = await enrolled();
    const res = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: enrolledLearner.token, params: { id: String(courseId), sectionIndex: "99" }, json: { answers: [{ question_id: 1, answer: "x" }] } });
    expect(res.status).toBe(404);
  });

  it("reading everything and passing every quiz ends at exactly 100 and lists the course as completed", async () => {
    const learner = await enrolled();
    const next = nextStep();
    let progress = 0;
    for (const [s, subs] of shape.entries()) {
      for (let i = 1; i < subs; i++) {
        progress = Math.min(100, progress + next);
        const res = await call("PUT /courses/update_progress", { method: "PUT", token: learner.token, json: { course_id: courseId, progress, section_index: s, subsection_index: i } });
        expect(res.status).toBe(200);
        progress = res.body.course_progress;
      }
      const result = await submit(learner, s, await rightAnswers(await quiz(learner, s)));
      expect(result.body.passed).toBe(true);
      progress = result.body.course_progress;
      if (s < shape.length - 1) expect(progress).toBeLessThan(100);
      // Passing again adds nothing.
      if (s === 0) expect((await submit(learner, 0, await rightAnswers(await quiz(learner, 0)))).body.course_progress).toBe(progress);
    }
    expect(progress).toBe(100);
    const completed = await call("GET /users/:id/completed-courses", { token: learner.token, params: { id: String(learner.user.id) } });
    expect(completed.body.map((c: { id: number }) => c.id)).toEqual([courseId]);
    expect(completed.body[0]).toMatchObject({ course_progress: 100, completed_at: expect.any(String) });
    const detail = await call("GET /courses/:id", { token: learner.token, params: { id: String(courseId) } });
    expect(Object.values(detail.body.quiz_status).every(Boolean)).toBe(true);
    const other = await createUser();
    expect((await call("GET /users/:id/completed-courses", { token: other.token, params: { id: String(learner.user.id) } })).status).toBe(403);
  });
});

describe("course detail", () => {
  it("GET /courses/{id} answers sections, progress and quiz_status; 404 for unknown; 401 anonymous", async () => {
    const learner = await enrolled();
    const res = await call("GET /courses/:id", { token: learner.token, params: { id: String(courseId) } });
    expect(res.body).toMatchObject({ course_title: "Python Basics", course_progress: 0, enrolled: true, quiz_status: { "0": false } });
    expect(res.body.sections[0].subsections[0]).toEqual({ title: expect.any(String), content: expect.stringContaining(""), minutes: expect.any(Number) });
    expect((await call("GET /courses/:id", { token: learner.token, params: { id: "999999" } })).status).toBe(404);
    expect((await call("GET /courses/:id", { params: { id: String(courseId) } })).status).toBe(401);
  });
});
