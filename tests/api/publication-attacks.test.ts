import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizAttempts, quizQuestions, rateLimits, reviewCards, type CoursePublication } from "../../db/schema";
import { scheduleAnswer } from "../../lib/practice/review/scheduler";
import { call, type CallResult } from "../harness/http";
import { handlerOf } from "./routes";
import { createWorld, type Account, type World } from "./world";

/*
 * Review and publication (docs/product-rules.md): a draft, a section waiting for review and a
 * paused course are served to no learner by any call, whatever the caller asks for; only an
 * admin's publication call changes that.
 */

const getCourse = handlerOf("GET /courses/{id}");
const enroll = handlerOf("POST /enroll");
const progress = handlerOf("PUT /courses/update_progress");
const sectionQuizzes = handlerOf("GET /section-quizzes");
const quizAttempt = handlerOf("GET /courses/{id}/sections/{sectionIndex}/quiz-attempt");
const quizCheck = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-check");
const quizComplete = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-complete");
const tutor = handlerOf("GET /courses/{id}/sections/{sectionIndex}/subsections/{subsectionIndex}/tutor");
const citations = handlerOf("GET /courses/{id}/sections/{sectionIndex}/subsections/{subsectionIndex}/citations");
const generation = handlerOf("GET /courses/{id}/generation");
const topics = handlerOf("GET /topics");
const topicCourses = handlerOf("GET /topics/{id}/courses");
const myCourses = handlerOf("GET /mycourses");
const recommendations = handlerOf("GET /recommendations");
const reviewDue = handlerOf("GET /review/due");
const reviewAnswer = handlerOf("POST /review/answer");
const mastery = handlerOf("GET /users/me/mastery");
const publication = handlerOf("GET /courses/{id}/publication");
const publish = handlerOf("POST /courses/{id}/publish");
const unpublish = handlerOf("POST /courses/{id}/unpublish");
const publishSection = handlerOf("POST /courses/{id}/sections/{sectionIndex}/publish");

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

const SECRET = "Secret draft text";

type Built = { courseId: number; questions: { id: number; answer: string; sectionIndex: number }[] };

/** A written course in the world's topic: 2 sections of 2 lessons and 4 questions each; `published` says which sections are approved. */
async function writtenCourse(world: World, state: CoursePublication, published: boolean[]): Promise<Built> {
  const db = getDb();
  const [course] = await db
    .insert(courses)
    .values({ topicId: world.topicId, title: `Reviewed ${world.a.id} ${state}`, level: "Beginner", publication: state, generationStatus: "done", isDetailCreatedByAi: true })
    .returning({ id: courses.id });
  const questions: Built["questions"] = [];
  for (const [position, approved] of published.entries()) {
    const [section] = await db
      .insert(courseSections)
      .values({ courseId: course!.id, position, title: `Section ${position + 1}`, publishedAt: approved ? new Date() : null })
      .returning({ id: courseSections.id });
    await db.insert(courseSubsections).values([0, 1].map((i) => ({ sectionId: section!.id, position: i, title: `Lesson ${position + 1}.${i + 1}`, content: `${SECRET} ${position}.${i}` })));
    const rows = await db
      .insert(quizQuestions)
      .values(
        [0, 1, 2, 3].map((i) => ({
          sectionId: section!.id,
          position: i,
          question: `Secret question ${position}.${i}?`,
          options: ["w", "x", "y", "z"],
          correctAnswer: "x",
          hint: "A hint.",
          concept: `secret concept ${position}`,
          subsectionIndex: 0,
        })),
      )
      .returning({ id: quizQuestions.id });
    questions.push(...rows.map((r) => ({ id: r.id, answer: "x", sectionIndex: position })));
  }
  return { courseId: course!.id, questions };
}

/** Learner progress an admin could have left: enrolled, section 0's quiz passed, a review card due on `questionId`. */
async function learnerIn(learner: Account, courseId: number, questionId: number): Promise<number> {
  const db = getDb();
  await db.insert(enrollments).values({ userId: learner.id, courseId, progress: 40, furthestUnit: 2 });
  await db.insert(quizAttempts).values({ userId: learner.id, courseId, sectionIndex: 0, score: 4, total: 4, passed: true });
  const [card] = await db
    .insert(reviewCards)
    .values({ userId: learner.id, questionId, ...scheduleAnswer(null, false, new Date(), "quiz"), firstCorrect: false })
    .returning({ id: reviewCards.id });
  return card!.id;
}

const inSection = (courseId: number, sectionIndex: number) => ({ id: String(courseId), sectionIndex: String(sectionIndex) });

/** Every learner call that could carry something of a course's section: each answer's status. */
async function learnerCalls(learner: Account, built: Built, sectionIndex: number, cardId: number) {
  const { courseId } = built;
  const question = built.questions.find((q) => q.sectionIndex === sectionIndex)!;
  const token = learner.token;
  const results: Record<string, CallResult> = {
    quizzes: await call(sectionQuizzes, { token, path: `/section-quizzes?course_id=${courseId}&section_index=${sectionIndex}` }),
    attempt: await call(quizAttempt, { token, params: inSection(courseId, sectionIndex) }),
    check: await call(quizCheck, { token, params: inSection(courseId, sectionIndex), json: { question_id: question.id, answer: question.answer } }),
    complete: await call(quizComplete, { token, params: inSection(courseId, sectionIndex), json: { answers: [{ question_id: question.id, answer: question.answer }] } }),
    tutor: await call(tutor, { token, params: { ...inSection(courseId, sectionIndex), subsectionIndex: "0" } }),
    citations: await call(citations, { token, params: { ...inSection(courseId, sectionIndex), subsectionIndex: "0" } }),
    answer: await call(reviewAnswer, { token, json: { card_id: cardId, question_id: question.id, answer: question.answer } }),
  };
  return results;
}

/** Nothing in these answers names the course's secrets. */
function leaksNothing(...answers: CallResult[]) {
  for (const answer of answers) {
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("Secret question");
    expect(text).not.toContain("secret concept");
  }
}

async function listsOf(learner: Account, world: World) {
  return Promise.all([
    call(topics, { token: learner.token }),
    call(topicCourses, { token: learner.token, params: { id: String(world.topicId) } }),
    call(myCourses, { token: learner.token, path: `/mycourses?user_id=${learner.id}` }),
    call(recommendations, { token: learner.token, path: `/recommendations?user_id=${learner.id}` }),
    call(reviewDue, { token: learner.token, path: "/review/due?limit=50" }),
    call(mastery, { token: learner.token }),
  ]);
}

const ids = (list: { id: number }[]) => list.map((c) => c.id);

describe("what learners are served of a course under review", () => {
  it("a draft: no learner (the requester, one an admin enrolled, anyone) gets anything of it from any call", async () => {
    const world = await createWorld();
    const built = await writtenCourse(world, "draft", [true, true]);
    await getDb().update(courses).set({ requestedBy: world.b.id }).where(eq(courses.id, built.courseId));
    const cardId = await learnerIn(world.a, built.courseId, built.questions[0]!.id);

    for (const learner of [world.a, world.b]) {
      const detail = await call(getCourse, { token: learner.token, params: { id: String(built.courseId) } });
      expect(detail.status).toBe(404);
      expect(detail.body).toEqual({ detail: "Course not found." });
      expect((await call(enroll, { token: learner.token, json: { course_id: built.courseId } })).status).toBe(404);
      expect((await call(generation, { token: learner.token, params: { id: String(built.courseId) } })).status).toBe(404);
      const calls = await learnerCalls(learner, built, 0, cardId);
      for (const [name, res] of Object.entries(calls)) expect([name, res.status]).toEqual([name, 404]);
      leaksNothing(detail, ...Object.values(calls));
    }
    const progressed = await call(progress, { method: "PUT", token: world.a.token, json: { course_id: built.courseId, progress: 50 } });
    expect(progressed.status).toBe(404);

    const [all, inTopic, mine, recommended, due, concepts] = await listsOf(world.a, world);
    expect(ids((all.body as { courses: { id: number }[] }[]).flatMap((t) => t.courses))).not.toContain(built.courseId);
    expect(ids(inTopic.body.courses)).not.toContain(built.courseId);
    expect(ids(mine.body)).not.toContain(built.courseId);
    expect(ids(recommended.body)).not.toContain(built.courseId);
    expect(due.body.cards.map((c: { card_id: number }) => c.card_id)).not.toContain(cardId);
    leaksNothing(all, inTopic, mine, recommended, due, concepts);

    // The admin reads it all, and the draft is there to publish.
    const asAdmin = await call(getCourse, { token: world.admin.token, params: { id: String(built.courseId) } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.sections[0].subsections[0].content).toBe(`${SECRET} 0.0`);
  });

  it("a section waiting for review: its lessons, quiz, tutor and review cards reach no one, its published neighbour reads on", async () => {
    const world = await createWorld();
    const built = await writtenCourse(world, "published", [true, false]);
    const inReview = built.questions.find((q) => q.sectionIndex === 1)!;
    const cardId = await learnerIn(world.a, built.courseId, inReview.id);

    const detail = await call(getCourse, { token: world.a.token, params: { id: String(built.courseId) } });
    expect(detail.status).toBe(200);
    expect(detail.body.sections[0]).toMatchObject({ section_title: "Section 1", ready: true, subsections: [{ content: `${SECRET} 0.0` }, { content: `${SECRET} 0.1` }] });
    expect(detail.body.sections[1]).toMatchObject({ section_title: "Section 2", ready: false, quiz_ready: false, in_review: true, subsections: [{ title: "Lesson 2.1", content: null }, { title: "Lesson 2.2", content: null }] });
    expect(JSON.stringify(detail.body.sections[1])).not.toContain(SECRET);

    const calls = await learnerCalls(world.a, built, 1, cardId);
    expect(calls.quizzes!.status).toBe(409);
    expect(calls.quizzes!.body).toEqual({ detail: "This section is waiting for review." });
    for (const name of ["attempt", "check", "complete", "tutor"]) expect([name, calls[name]!.status]).toEqual([name, 409]);
    expect(calls.answer!.status).toBe(404);
    expect(calls.citations!.status).toBe(404);
    leaksNothing(...Object.values(calls));
    const [, , , , due, concepts] = await listsOf(world.a, world);
    // The world's own card (the seeded course) stays; this one is neither listed nor counted.
    expect(due.body.cards.map((c: { card_id: number }) => c.card_id)).not.toContain(cardId);
    expect(due.body.due_count).toBe(1);
    leaksNothing(due);
    expect(JSON.stringify(concepts.body)).not.toContain("secret concept 1");

    // Approved: the same learner reads it and may take its quiz.
    const approved = await call(publishSection, { token: world.admin.token, params: inSection(built.courseId, 1) });
    expect(approved.body).toEqual({
      course_id: built.courseId,
      state: "published",
      sections: [
        { position: 0, title: "Section 1", published: true },
        { position: 1, title: "Section 2", published: true },
      ],
    });
    const after = await call(getCourse, { token: world.a.token, params: { id: String(built.courseId) } });
    expect(after.body.sections[1]).toMatchObject({ ready: true, subsections: [{ content: `${SECRET} 1.0` }, { content: null }] });
    expect(after.body.sections[1].in_review).toBeUndefined();
    expect((await call(quizAttempt, { token: world.a.token, params: inSection(built.courseId, 1) })).status).toBe(200);
  });

  it("a paused course: its learners keep their enrolment and see it paused, with no content and no quiz; nobody else finds it", async () => {
    const world = await createWorld();
    const built = await writtenCourse(world, "published", [true, true]);
    const cardId = await learnerIn(world.a, built.courseId, built.questions[0]!.id);
    const paused = await call(unpublish, { token: world.admin.token, params: { id: String(built.courseId) } });
    expect(paused.body).toMatchObject({ course_id: built.courseId, state: "paused" });

    const detail = await call(getCourse, { token: world.a.token, params: { id: String(built.courseId) } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ paused: true, enrolled: true, course_progress: 40, quiz_status: { 0: true } });
    expect(detail.body.sections.flatMap((s: { subsections: { content: string | null }[] }) => s.subsections.map((sub) => sub.content))).toEqual([null, null, null, null]);
    const calls = await learnerCalls(world.a, built, 0, cardId);
    expect(calls.attempt!.body).toEqual({ detail: "Paused by the admin: this course is not available for now." });
    for (const name of ["quizzes", "attempt", "check", "complete", "tutor"]) expect([name, calls[name]!.status]).toEqual([name, 409]);
    expect(calls.answer!.status).toBe(404);
    expect((await call(progress, { method: "PUT", token: world.a.token, json: { course_id: built.courseId, progress: 50 } })).status).toBe(409);
    leaksNothing(detail, ...Object.values(calls));
    const [all, inTopic, mine] = await listsOf(world.a, world);
    expect(mine.body.find((c: { id: number }) => c.id === built.courseId)).toMatchObject({ paused: true, course_progress: 40 });
    expect(ids((all.body as { courses: { id: number }[] }[]).flatMap((t) => t.courses))).not.toContain(built.courseId);
    expect(ids(inTopic.body.courses)).not.toContain(built.courseId);

    // Learner B never enrolled: the course is not there for them, nor can they enrol.
    expect((await call(getCourse, { token: world.b.token, params: { id: String(built.courseId) } })).status).toBe(404);
    expect((await call(enroll, { token: world.b.token, json: { course_id: built.courseId } })).status).toBe(404);

    // Published again: A's progress is where it was, and the content is back.
    await call(publish, { token: world.admin.token, params: { id: String(built.courseId) } });
    const back = await call(getCourse, { token: world.a.token, params: { id: String(built.courseId) } });
    expect(back.body).toMatchObject({ course_progress: 40, enrolled: true });
    expect(back.body.paused).toBeUndefined();
    expect(back.body.sections[0].subsections[0].content).toBe(`${SECRET} 0.0`);
  });
});

describe("the admin's publication calls", () => {
  it("a draft: one approved section publishes the course with that section alone; publishing publishes the rest; pausing keeps the sections", async () => {
    const world = await createWorld();
    const built = await writtenCourse(world, "draft", [false, false]);
    const admin = world.admin.token;
    const id = String(built.courseId);
    expect((await call(publication, { token: admin, params: { id } })).body).toEqual({
      course_id: built.courseId,
      state: "draft",
      sections: [
        { position: 0, title: "Section 1", published: false },
        { position: 1, title: "Section 2", published: false },
      ],
    });
    const never = await call(unpublish, { token: admin, params: { id } });
    expect(never.status).toBe(409);
    expect(never.body).toEqual({ detail: "This course is a draft: it was never published." });

    const first = await call(publishSection, { token: admin, params: inSection(built.courseId, 0) });
    expect(first.body).toMatchObject({ state: "published", sections: [{ published: true }, { published: false }] });
    // Learners find it now, with section 1 readable once enrolled.
    expect(ids((await call(topicCourses, { token: world.b.token, params: { id: String(world.topicId) } })).body.courses)).toContain(built.courseId);

    const missing = await call(publishSection, { token: admin, params: inSection(built.courseId, 5) });
    expect(missing.status).toBe(404);

    const all = await call(publish, { token: admin, params: { id } });
    expect(all.body).toMatchObject({ state: "published", sections: [{ published: true }, { published: true }] });
    const pausedState = await call(unpublish, { token: admin, params: { id } });
    expect(pausedState.body).toMatchObject({ state: "paused", sections: [{ published: true }, { published: true }] });
    // A section approved while paused does not bring the course back: only publishing does.
    expect((await call(publishSection, { token: admin, params: inSection(built.courseId, 1) })).body.state).toBe("paused");
    expect((await call(publish, { token: admin, params: { id } })).body.state).toBe("published");

    expect((await call(publish, { token: admin, params: { id: "999999999" } })).status).toBe(404);
  });

  it("learners cannot call them", async () => {
    const world = await createWorld();
    const built = await writtenCourse(world, "draft", [false, false]);
    const id = String(built.courseId);
    for (const res of [
      await call(publish, { token: world.a.token, params: { id } }),
      await call(publishSection, { token: world.a.token, params: inSection(built.courseId, 0) }),
      await call(publication, { token: world.a.token, params: { id } }),
    ]) {
      expect(res.status).toBe(403);
    }
    const [row] = await getDb().select({ publication: courses.publication }).from(courses).where(eq(courses.id, built.courseId));
    expect(row!.publication).toBe("draft");
  });
});
