import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizQuestions, topics } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { handlerOf } from "../../../tests/api/routes";

/*
 * Each course's concepts are kept per process under the catalogue version (list-mastery.ts): the
 * learner's list must follow every change an admin or the generator makes to what it shows,
 * on the next call, and keep one order where levels and lessons tie.
 */

const mastery = handlerOf("GET /users/me/mastery");

type Listed = { concept: string; lesson_title: string; section_index: number; level: string };

async function courseWithTwoConcepts() {
  const db = getDb();
  const [topic] = await db.insert(topics).values({ title: `Mastery list ${process.pid} ${Date.now()}` }).returning({ id: topics.id });
  const [course] = await db
    .insert(courses)
    .values({ topicId: topic!.id, title: `Mastery list course ${topic!.id}`, level: "Beginner", publication: "published", generationStatus: "done" })
    .returning({ id: courses.id });
  const [section] = await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "Basics", publishedAt: new Date() }).returning({ id: courseSections.id });
  await db.insert(courseSubsections).values({ sectionId: section!.id, position: 0, title: "First lesson", content: "Some text." });
  // Listed in the other order than written: "alpha" before "beta" (both new, in the same lesson).
  const question = (position: number, concept: string) => ({ sectionId: section!.id, position, question: `About ${concept}?`, options: ["a", "b"], correctAnswer: "a", concept, subsectionIndex: 0 });
  const rows = await db.insert(quizQuestions).values([question(0, "Beta"), question(1, "Alpha")]).returning({ id: quizQuestions.id });
  const learner = await createUser();
  await db.insert(enrollments).values({ userId: learner.user.id, courseId: course!.id });
  const list = async () => {
    const res = await call(mastery, { token: learner.token });
    expect(res.status).toBe(200);
    return (res.body.concepts as (Listed & { course_id: number })[]).filter((c) => c.course_id === course!.id).map(({ concept, lesson_title, section_index, level }) => ({ concept, lesson_title, section_index, level }));
  };
  return { courseId: course!.id, sectionId: section!.id, questionIds: rows.map((r) => r.id), list, question };
}

describe("GET /users/me/mastery, with the courses' concepts kept per process", () => {
  it("lists tied concepts by name, and follows a renamed lesson, a new concept, a retired question and an unpublished section at once", async () => {
    const db = getDb();
    const { courseId, sectionId, questionIds, list, question } = await courseWithTwoConcepts();
    const entry = (concept: string, lesson_title = "First lesson"): Listed => ({ concept, lesson_title, section_index: 0, level: "new" });
    expect(await list()).toEqual([entry("Alpha"), entry("Beta")]);
    // The same list again comes from what the process keeps: still the same.
    expect(await list()).toEqual([entry("Alpha"), entry("Beta")]);

    await db.update(courseSubsections).set({ title: "Renamed lesson" }).where(eq(courseSubsections.sectionId, sectionId));
    expect(await list()).toEqual([entry("Alpha", "Renamed lesson"), entry("Beta", "Renamed lesson")]);

    await db.insert(quizQuestions).values(question(2, "Gamma"));
    expect((await list()).map((c) => c.concept)).toEqual(["Alpha", "Beta", "Gamma"]);

    await db.update(quizQuestions).set({ retiredAt: new Date() }).where(eq(quizQuestions.id, questionIds[0]!));
    expect((await list()).map((c) => c.concept)).toEqual(["Alpha", "Gamma"]);

    await db.update(courseSections).set({ publishedAt: null }).where(eq(courseSections.id, sectionId));
    expect(await list()).toEqual([]);

    await db.update(courseSections).set({ publishedAt: new Date() }).where(eq(courseSections.id, sectionId));
    await db.update(courses).set({ publication: "paused" }).where(eq(courses.id, courseId));
    expect(await list()).toEqual([]);
  });
});
