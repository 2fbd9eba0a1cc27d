import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { contentReports, courseSubsections, quizQuestions } from "../../db/schema";
import { getCoursePreview } from "../../lib/operations/admin/course-preview";
import { addLesson, removeLesson } from "../../lib/authoring/content-review/structure";
import { loadCourseContent, loadLearnerState } from "../../lib/catalogue/courses/course-content";
import { isUnlocked } from "../../lib/catalogue/course-shape/progress";
import { startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake, startWorker } from "../harness/generation";
import { call } from "../harness/http";
import { learnerState, regenerationWritten, reviewCourse } from "./review-course";
import { quickAccount } from "./world";

/*
 * The review screen's actions and what learners keep (docs/product-rules.md, "Review and
 * editing"): edits in place, versions and conflicts, retiring, regenerating through the worker
 * with the fake model (the same checks and blind verification as generation), and lessons added
 * or removed with every stored position mapped.
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake);

let worker: PgBoss;
let admin: Awaited<ReturnType<typeof quickAccount>>;

beforeAll(async () => {
  worker = await startWorker();
  admin = await quickAccount("admin");
});

afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
  await fake.close();
});

const id = (n: number) => ({ id: String(n) });
const editLesson = (lessonId: number, content: string, version = 0, token = admin.token) => call("PUT /subsections/:id", { token, params: id(lessonId), json: { content, version } });
const question = (n: number) => ({
  question: `Which statement about loops is true (${n})?`,
  options: [`A loop repeats steps ${n}`, `A loop deletes files ${n}`, `A loop names a value ${n}`, `A loop sorts a list ${n}`],
  correct_answer: `A loop repeats steps ${n}`,
  hint: "Think of doing something again.",
  explanation: "A loop runs its body again while its condition holds.",
  concept: "loops",
});

const regenerationDone = (courseId: number, regenerationId: number) => regenerationWritten(admin.token, courseId, regenerationId);

describe("editing keeps every learner's progress", () => {
  it("an edited lesson changes in place: same row, the reader shows the new text at once, and the learner keeps progress, reads, attempts, cards and mastery", async () => {
    const course = await reviewCourse();
    const before = await learnerState(course.learner.id, course.courseId);
    expect((await loadCourseContent(getDb(), course.courseId)).course.sections[0]!.subsections[1]!.content).toContain("Lesson 1.2");
    const res = await editLesson(course.lessons[1]!, "Lesson 1.2, clearer now.\n\n```python\nprint(12)\n```");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "subsection", id: course.lessons[1], version: 1 });
    expect((await loadCourseContent(getDb(), course.courseId)).course.sections[0]!.subsections[1]!.content).toBe("Lesson 1.2, clearer now.\n\n```python\nprint(12)\n```");
    const [row] = await getDb().select({ id: courseSubsections.id }).from(courseSubsections).where(eq(courseSubsections.content, "Lesson 1.2, clearer now.\n\n```python\nprint(12)\n```"));
    expect(row!.id).toBe(course.lessons[1]);
    expect(await learnerState(course.learner.id, course.courseId)).toEqual(before);
    const { rows: history } = await getDb().execute(sql`SELECT version, kind, before, after, changed_by FROM content_versions WHERE subsection_id = ${course.lessons[1]!}`);
    expect(history).toEqual([{ version: 1, kind: "edited", before: { content: expect.stringContaining("Lesson 1.2 explains") }, after: { content: expect.stringContaining("clearer now") }, changed_by: admin.id }]);
  });

  it("an edit started from an older version is refused with who changed it when (409), and the first edit stands", async () => {
    const course = await reviewCourse();
    const first = await editLesson(course.lessons[0]!, "First admin's version of the lesson.");
    const second = await editLesson(course.lessons[0]!, "Second admin's version, from the same start.");
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/^Someone else changed this lesson at \d\d:\d\d UTC; reload to see their version\.$/);
    const [row] = await getDb().select({ content: courseSubsections.content }).from(courseSubsections).where(eq(courseSubsections.id, course.lessons[0]!));
    expect(row!.content).toBe("First admin's version of the lesson.");
    // From the version they reload, the second admin's edit goes through.
    expect((await editLesson(course.lessons[0]!, "Second admin's version, from the same start.", 1)).body).toMatchObject({ version: 2 });
  });

  it("an edited question changes in place (its answers still name it) and resolves its open reports as 'edited'; a key not among the options is refused", async () => {
    const course = await reviewCourse();
    await getDb().insert(contentReports).values({ userId: course.learner.id, questionId: course.questions[0]!, reason: "unclear" });
    const before = await learnerState(course.learner.id, course.courseId);
    const wrongKey = await call("PUT /quiz-questions/:id", { token: admin.token, params: id(course.questions[0]!), json: { ...question(1), correct_answer: "Not an option", version: 0 } });
    expect(wrongKey.status).toBe(422);
    expect(wrongKey.body.errors).toContainEqual({ field: "correct_answer", message: "The answer key must be one of the options." });
    const res = await call("PUT /quiz-questions/:id", { token: admin.token, params: id(course.questions[0]!), json: { ...question(1), version: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "question", id: course.questions[0], version: 1, resolved_reports: 1 });
    expect(await learnerState(course.learner.id, course.courseId)).toEqual(before);
    const mine = await call("GET /users/me/reports", { token: course.learner.token });
    expect(mine.body.reports[0]).toMatchObject({ question_id: course.questions[0], status: "handled", resolution: "edited" });
  });
});

describe("retiring a question", () => {
  it("is never drawn again, keeps its past answers, and moves its review card to the item of the same concept", async () => {
    const course = await reviewCourse();
    const [retired, sibling] = [course.questions[0]!, course.questions[1]!]; // both "loops"
    const res = await call("POST /quiz-questions/:id/retire", { token: admin.token, params: id(retired), json: { version: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, replacement_id: sibling });
    const after = await learnerState(course.learner.id, course.courseId);
    expect(after.answers).toContainEqual({ question_id: retired, is_correct: true });
    expect(after.cards.map((c) => c.questionId).sort()).toEqual([sibling, course.questions[2]!].sort());
    const quiz = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token: course.learner.token, params: { id: String(course.courseId), sectionIndex: "0" } });
    expect(quiz.status).toBe(200);
    const drawn = (quiz.body.items as { question_id: number }[]).map((q) => q.question_id);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn).not.toContain(retired);
    // The admin's read-only preview shows the course as learners meet it: without the retired item.
    const preview = await getCoursePreview(getDb(), course.courseId);
    expect(preview.sections.flatMap((s) => s.questions.map((q) => q.id))).not.toContain(retired);
    // Retired is final: neither edited nor retired again.
    expect((await call("POST /quiz-questions/:id/retire", { token: admin.token, params: id(retired), json: { version: 1 } })).status).toBe(409);
  });

  it("retires the cards of an item whose concept no other item tests", async () => {
    const course = await reviewCourse();
    const alone = course.questions[2]!; // "names"
    const res = await call("POST /quiz-questions/:id/retire", { token: admin.token, params: id(alone), json: { version: 0 } });
    expect(res.body).toMatchObject({ replacement_id: null });
    expect((await learnerState(course.learner.id, course.courseId)).cards.map((c) => c.questionId)).toEqual([course.questions[0]]);
  });
});

describe("regenerating through the worker", () => {
  it("a question comes back as a new, verified item of the same concept; the old one retires, its card moves to the new one, and its reports read 'regenerated'", async () => {
    const course = await reviewCourse();
    const old = course.questions[0]!;
    await getDb().insert(contentReports).values({ userId: course.learner.id, questionId: old, reason: "answer_key" });
    const before = await learnerState(course.learner.id, course.courseId);
    const asked = await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(old), json: { version: 0, instruction: "add a Python example" } });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ kind: "question", item_id: old, status: "pending", instruction: "add a Python example" });
    // A second request while it is pending is refused.
    expect((await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(old), json: { version: 0 } })).status).toBe(409);
    const done = await regenerationDone(course.courseId, asked.body.id);
    expect(done).toMatchObject({ status: "done", error: null });
    const [fresh] = await getDb().select().from(quizQuestions).where(eq(quizQuestions.id, done.replacement_id!));
    expect(fresh).toMatchObject({ sectionId: course.sectionIds[0], concept: "loops", retiredAt: null });
    expect(fresh!.options).toContain(fresh!.correctAnswer);
    const [retired] = await getDb().select({ retiredAt: quizQuestions.retiredAt }).from(quizQuestions).where(eq(quizQuestions.id, old));
    expect(retired!.retiredAt).not.toBeNull();
    const prompts = fake.requests.filter((r) => r.prompt.includes("add a Python example"));
    expect(prompts.map((r) => r.task)).toContain("replacement_questions");
    expect(fake.requests.some((r) => r.task === "quiz_verification" && r.prompt.includes(fresh!.question))).toBe(true);
    const after = await learnerState(course.learner.id, course.courseId);
    expect({ ...after, cards: after.cards.map((c) => ({ ...c, questionId: c.questionId === fresh!.id ? old : c.questionId })) }).toEqual(before);
    const mine = await call("GET /users/me/reports", { token: course.learner.token });
    expect(mine.body.reports[0]).toMatchObject({ question_id: old, status: "handled", resolution: "regenerated" });
  });

  it("a lesson is written again in place: same row, new text, the learner's state untouched", async () => {
    const course = await reviewCourse();
    const before = await learnerState(course.learner.id, course.courseId);
    const asked = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(course.lessons[3]!), json: { version: 0, instruction: "simpler" } });
    expect(asked.status).toBe(202);
    expect(await regenerationDone(course.courseId, asked.body.id)).toMatchObject({ status: "done" });
    const [row] = await getDb().select({ content: courseSubsections.content }).from(courseSubsections).where(eq(courseSubsections.id, course.lessons[3]!));
    expect(row!.content).not.toBe("");
    expect(row!.content).not.toContain("Lesson 2.1 explains");
    expect(await learnerState(course.learner.id, course.courseId)).toEqual(before);
    const { rows } = await getDb().execute(sql`SELECT version, kind, instruction FROM content_versions WHERE subsection_id = ${course.lessons[3]!}`);
    expect(rows).toEqual([{ version: 1, kind: "regenerated", instruction: "simpler" }]);
  });

  it("a regeneration asked from an older version is refused (409) and writes nothing", async () => {
    const course = await reviewCourse();
    await editLesson(course.lessons[0]!, "Edited first.");
    const res = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(course.lessons[0]!), json: { version: 0 } });
    expect(res.status).toBe(409);
    expect((await call("GET /courses/:id/regenerations", { token: admin.token, params: id(course.courseId) })).body.regenerations).toEqual([]);
  });
});

describe("adding or removing a lesson maps every stored position", () => {
  it("a lesson added before the learner's place moves their reads, reader position and mastery with the lessons after it, and adds no unearned progress", async () => {
    const course = await reviewCourse();
    await addLesson(getDb(), admin.id, course.courseId, 0, 1, { title: "New lesson", content: "A new lesson between 1.1 and 1.2." });
    const after = await learnerState(course.learner.id, course.courseId);
    expect(after.reads).toEqual([
      { s: 0, l: 0 },
      { s: 0, l: 2 },
      { s: 0, l: 3 },
      { s: 1, l: 0 },
    ]);
    expect(after.enrolment).toEqual({ progress: 40, furthestUnit: 5 }); // still section 2's first lesson
    expect(after.mastery).toMatchObject([{ key: "loops", s: 0, l: 2 }]);
    expect(after.conversations).toEqual([{ s: 1, l: 0 }]);
    const { shape, course: content } = await loadCourseContent(getDb(), course.courseId);
    expect(shape).toEqual([4, 3]);
    expect(content.sections[0]!.subsections.map((s) => s.title)).toEqual(["Lesson 1.1", "New lesson", "Lesson 1.2", "Lesson 1.3"]);
    const state = await loadLearnerState(getDb(), course.learner.id, course.courseId);
    const open = (s: number, l: number) => isUnlocked(shape, { sectionIndex: s, subsectionIndex: l }, state.progress, state.furthestUnit, (i) => state.passedSections.has(i));
    expect([open(0, 3), open(1, 0), open(1, 1)]).toEqual([true, true, false]);
  });

  it("a removed lesson takes its reads with it; the learner keeps every other lesson reached and gains none", async () => {
    const course = await reviewCourse();
    await removeLesson(getDb(), course.lessons[1]!);
    const after = await learnerState(course.learner.id, course.courseId);
    expect(after.reads).toEqual([
      { s: 0, l: 0 },
      { s: 0, l: 1 },
      { s: 1, l: 0 },
    ]);
    expect(after.enrolment!.furthestUnit).toBe(3); // still section 2's first lesson
    expect(after.enrolment!.progress).toBeLessThanOrEqual(40);
    expect(after.mastery).toMatchObject([{ key: "loops", s: 0, l: 1 }]); // the lesson that took the removed one's place
    const { shape } = await loadCourseContent(getDb(), course.courseId);
    expect(shape).toEqual([2, 3]);
    const state = await loadLearnerState(getDb(), course.learner.id, course.courseId);
    const open = (s: number, l: number) => isUnlocked(shape, { sectionIndex: s, subsectionIndex: l }, state.progress, state.furthestUnit, (i) => state.passedSections.has(i));
    expect([open(0, 1), open(1, 0), open(1, 1)]).toEqual([true, true, false]);
  });

  it("a section's only lesson cannot be removed", async () => {
    const course = await reviewCourse();
    await removeLesson(getDb(), course.lessons[0]!);
    await removeLesson(getDb(), course.lessons[1]!);
    await expect(removeLesson(getDb(), course.lessons[2]!)).rejects.toThrow("A section keeps at least one lesson");
  });
});
