import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { contentReports, courses, topics } from "../../db/schema";
import { startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake, runWorkerWith } from "../harness/generation";
import { call } from "../harness/http";
import { LESSON, learnerState, regenerationWritten, reviewCourse } from "./review-course";
import { quickAccount } from "./world";

/*
 * Regeneration under the review policy (docs/security.md, "Admin actions"; docs/product-rules.md,
 * "Review and editing"): in a topic whose courses wait for review, nothing a model writes reaches
 * learners unapproved. A regenerated lesson or quiz item of an approved section waits as a revision:
 * the learner, reading and quizzing through the API meanwhile, gets the approved text and keeps
 * their progress, ids and quiz history; after Accept they get the new version; after "Keep the old
 * one", never.
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake);
runWorkerWith(fake);

let admin: Awaited<ReturnType<typeof quickAccount>>;

beforeAll(async () => {
  admin = await quickAccount("admin");
});

const id = (n: number) => ({ id: String(n) });

/** The review course, in a topic whose courses wait for an admin's review (its sections approved already). */
async function reviewedCourse() {
  const course = await reviewCourse();
  const [row] = await getDb().select({ topicId: courses.topicId }).from(courses).where(eq(courses.id, course.courseId));
  await getDb().update(topics).set({ generationReview: "required" }).where(eq(topics.id, row!.topicId));
  return course;
}

const written = (courseId: number, regenerationId: number) => regenerationWritten(admin.token, courseId, regenerationId);

const decide = (regenerationId: number, keep: "new" | "old", token = admin.token) => call("POST /regenerations/:id/decision", { token, params: id(regenerationId), json: { keep } });

/** Everything the learner gets of the course through the API: the course with its lessons, and the attempt under way at section 2. */
async function whatTheLearnerGets(token: string, courseId: number) {
  const course = await call("GET /courses/:id", { token, params: id(courseId) });
  const quiz = await call("GET /section-quizzes", { token, path: `/section-quizzes?course_id=${courseId}&section_index=1` });
  const attempt = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token, params: { id: String(courseId), sectionIndex: "1" } });
  expect([course.status, quiz.status, attempt.status]).toEqual([200, 200, 200]);
  const lesson = (s: number, l: number) => course.body.sections[s].subsections[l].content as string;
  return { lesson, stems: (quiz.body as { question: string }[]).map((q) => q.question), text: JSON.stringify([course.body, quiz.body, attempt.body]) };
}

/** The items review asks the learner now. */
async function reviewStems(token: string): Promise<string[]> {
  const due = await call("GET /review/due", { token });
  expect(due.status).toBe(200);
  return (due.body.cards as { question: string }[]).map((c) => c.question);
}

async function submitSectionTwo(token: string, courseId: number, questionIds: number[]) {
  const res = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", {
    token,
    params: { id: String(courseId), sectionIndex: "1" },
    json: { answers: questionIds.map((question_id) => ({ question_id, answer: null })) },
  });
  expect(res.status).toBe(200);
}

describe("a regenerated lesson of an approved section, under review", () => {
  it("waits as a revision: the learner keeps the approved text and their progress until an admin accepts it, then reads the new one", async () => {
    const course = await reviewedCourse();
    const lessonId = course.lessons[3]!; // section 2, lesson 1: where the learner stands
    await getDb().insert(contentReports).values({ userId: course.learner.id, subsectionId: lessonId, reason: "unclear" });
    const before = await learnerState(course.learner.id, course.courseId);
    const asked = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0, instruction: "simpler" } });
    expect(asked.status).toBe(202);
    const revision = await written(course.courseId, asked.body.id);
    expect(revision).toMatchObject({ status: "in_review", error: null, before: { content: LESSON(1, 0) } });
    const proposed = revision.after!.content as string;
    expect(proposed).not.toBe(LESSON(1, 0));

    // Meanwhile: the approved text, to the learner and in the table; nothing of the new one anywhere they read; their report still open.
    let seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.lesson(1, 0)).toBe(LESSON(1, 0));
    expect(seen.text).not.toContain(proposed);
    expect(await learnerState(course.learner.id, course.courseId)).toEqual(before);
    expect((await call("GET /users/me/reports", { token: course.learner.token })).body.reports[0]).toMatchObject({ status: "open" });
    // One revision per item at a time; a learner cannot decide it.
    expect((await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0 } })).status).toBe(409);
    expect((await decide(revision.id, "new", course.learner.token)).status).toBe(403);
    expect((await whatTheLearnerGets(course.learner.token, course.courseId)).lesson(1, 0)).toBe(LESSON(1, 0));

    // Accepted: the new text in place, same row, the learner's state untouched, the report handled as rewritten.
    const accepted = await decide(revision.id, "new");
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: revision.id, status: "done" });
    seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.lesson(1, 0)).toBe(proposed);
    expect(await learnerState(course.learner.id, course.courseId)).toEqual(before);
    expect((await call("GET /users/me/reports", { token: course.learner.token })).body.reports[0]).toMatchObject({ status: "handled", resolution: "regenerated", outcome: "rewritten" });
    const { rows: history } = await getDb().execute(sql`SELECT version, kind, instruction, changed_by FROM content_versions WHERE subsection_id = ${lessonId}`);
    expect(history).toEqual([{ version: 1, kind: "regenerated", instruction: "simpler", changed_by: admin.id }]);
    // Decided once: a second decision is refused.
    expect((await decide(revision.id, "old")).status).toBe(409);
  });

  it("kept old: the revision is discarded, the learner never reads it, and the lesson can be asked for again", async () => {
    const course = await reviewedCourse();
    const lessonId = course.lessons[3]!;
    const asked = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0 } });
    const revision = await written(course.courseId, asked.body.id);
    expect(revision.status).toBe("in_review");
    const kept = await decide(revision.id, "old");
    expect(kept).toMatchObject({ status: 200, body: { status: "discarded" } });
    const seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.lesson(1, 0)).toBe(LESSON(1, 0));
    expect(seen.text).not.toContain(revision.after!.content as string);
    const { rows } = await getDb().execute(sql`SELECT 1 FROM content_versions WHERE subsection_id = ${lessonId}`);
    expect(rows).toEqual([]);
    expect((await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0 } })).status).toBe(202);
  });

  it("an admin's edit after the revision was written makes Accept a 409 that writes nothing; the old one can still be kept", async () => {
    const course = await reviewedCourse();
    const lessonId = course.lessons[3]!;
    const asked = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0 } });
    const revision = await written(course.courseId, asked.body.id);
    expect((await call("PUT /subsections/:id", { token: admin.token, params: id(lessonId), json: { content: "Edited by hand meanwhile.", version: 0 } })).status).toBe(200);
    const stale = await decide(revision.id, "new");
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/changed since the new version was written/);
    expect((await whatTheLearnerGets(course.learner.token, course.courseId)).lesson(1, 0)).toBe("Edited by hand meanwhile.");
    expect((await decide(revision.id, "old")).body).toMatchObject({ status: "discarded" });
  });
});

describe("a regenerated quiz item of an approved section, under review", () => {
  it("waits as a revision: the learner's quiz asks the approved item and their history names it; accepted, the new item is asked in its place", async () => {
    const course = await reviewedCourse();
    const old = course.questions[6]!; // section 2's only item on "calls"
    const asked = await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(old), json: { version: 0 } });
    const revision = await written(course.courseId, asked.body.id);
    expect(revision).toMatchObject({ status: "in_review", replacement_id: null, before: { concept: "calls" } });
    const proposed = revision.after!.question as string;

    let seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.stems).toContain("Section 2 question 3: which statement about calls is true?");
    expect(seen.text).not.toContain(proposed);
    const drawn = ((await call("GET /section-quizzes", { token: course.learner.token, path: `/section-quizzes?course_id=${course.courseId}&section_index=1` })).body as { id: number }[]).map((q) => q.id);
    await submitSectionTwo(course.learner.token, course.courseId, drawn);
    const before = await learnerState(course.learner.id, course.courseId);
    expect(before.answers).toContainEqual({ question_id: old, is_correct: false });

    const accepted = await decide(revision.id, "new");
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "done", replacement_id: expect.any(Number) });
    // Their next attempt no longer asks the old item, and review asks the new one on its concept (their missed card moved to it).
    seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.stems).not.toContain("Section 2 question 3: which statement about calls is true?");
    expect(await reviewStems(course.learner.token)).toContain(proposed);
    // Their history still names the item they answered; its review card moved to the new item.
    const after = await learnerState(course.learner.id, course.courseId);
    expect(after.answers).toEqual(before.answers);
    expect(after.attempts).toEqual(before.attempts);
    expect(after.cards.map((c) => c.questionId)).toContain(accepted.body.replacement_id);
    // The new item takes the old one's place in the pool's order (fresh variants the draws asked for come after).
    const known = [...course.questions.slice(4), accepted.body.replacement_id as number];
    const { rows: places } = await getDb().execute<{ id: number; position: number; retired: boolean }>(sql`
      SELECT id, position, retired_at IS NOT NULL AS retired FROM quiz_questions WHERE id = ANY(${sql.param(known)}::int[]) ORDER BY position`);
    expect(places.map((p) => [p.id, p.retired])).toEqual([
      [course.questions[4], false],
      [course.questions[5], false],
      [accepted.body.replacement_id, false],
      [course.questions[7], false],
      [old, true],
    ]);
  });

  it("kept old: the learner is never asked the new item", async () => {
    const course = await reviewedCourse();
    const old = course.questions[6]!;
    const asked = await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(old), json: { version: 0 } });
    const revision = await written(course.courseId, asked.body.id);
    expect(revision.status).toBe("in_review");
    expect((await decide(revision.id, "old")).body).toMatchObject({ status: "discarded", replacement_id: null });
    const seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.stems).toContain("Section 2 question 3: which statement about calls is true?");
    expect(seen.text).not.toContain(revision.after!.question as string);
    const { rows } = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM quiz_questions WHERE question = ${revision.after!.question as string}`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe("under the other policies", () => {
  it("a regeneration replaces the text at once, and the admin may restore the old one from its stored version", async () => {
    const course = await reviewCourse(); // the topic has no policy of its own; GENERATION_REVIEW is off
    const lessonId = course.lessons[3]!;
    const asked = await call("POST /subsections/:id/regenerate", { token: admin.token, params: id(lessonId), json: { version: 0 } });
    const done = await written(course.courseId, asked.body.id);
    expect(done).toMatchObject({ status: "done", before: { content: LESSON(1, 0) } });
    expect((await whatTheLearnerGets(course.learner.token, course.courseId)).lesson(1, 0)).toBe(done.after!.content);
    const restored = await decide(done.id, "old");
    expect(restored).toMatchObject({ status: 200, body: { status: "restored" } });
    expect((await whatTheLearnerGets(course.learner.token, course.courseId)).lesson(1, 0)).toBe(LESSON(1, 0));
    const { rows } = await getDb().execute(sql`SELECT version, kind FROM content_versions WHERE subsection_id = ${lessonId} ORDER BY version`);
    expect(rows).toEqual([
      { version: 1, kind: "regenerated" },
      { version: 2, kind: "restored" },
    ]);
  });

  it("a regenerated question restored: the old item is asked again in its place, the new one retires", async () => {
    const course = await reviewCourse();
    const old = course.questions[6]!;
    const asked = await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(old), json: { version: 0 } });
    const done = await written(course.courseId, asked.body.id);
    expect(done.status).toBe("done");
    expect((await whatTheLearnerGets(course.learner.token, course.courseId)).stems).toContain(done.after!.question);
    // The learner's attempt under way keeps the new item; their next one asks the old one again.
    const drawn = ((await call("GET /section-quizzes", { token: course.learner.token, path: `/section-quizzes?course_id=${course.courseId}&section_index=1` })).body as { id: number }[]).map((q) => q.id);
    const kept = await decide(done.id, "new");
    expect(kept).toMatchObject({ status: 200, body: { status: "done", decided_at: expect.any(String) } });
    expect((await decide(done.id, "old")).status).toBe(409);

    const again = await call("POST /quiz-questions/:id/regenerate", { token: admin.token, params: id(done.replacement_id!), json: { version: 1 } });
    const second = await written(course.courseId, again.body.id);
    const restored = await decide(second.id, "old");
    expect(restored).toMatchObject({ status: 200, body: { status: "restored" } });
    await submitSectionTwo(course.learner.token, course.courseId, drawn);
    const seen = await whatTheLearnerGets(course.learner.token, course.courseId);
    expect(seen.stems).not.toContain(second.after!.question);
    expect(await reviewStems(course.learner.token)).toContain(done.after!.question);
    const { rows: places } = await getDb().execute<{ id: number; retired: boolean }>(sql`
      SELECT id, retired_at IS NOT NULL AS retired FROM quiz_questions WHERE section_id = ${course.sectionIds[1]!} AND id IN (${old}, ${done.replacement_id!}, ${second.replacement_id!}) ORDER BY position`);
    expect(places.map((p) => [p.id, p.retired])).toEqual([
      [done.replacement_id, false],
      [old, true],
      [second.replacement_id, true],
    ]);
  });
});
