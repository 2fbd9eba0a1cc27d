import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { conceptMastery, courseSections, courses, enrollments, quizQuestions, topics } from "../../../db/schema";
import { createUser } from "../../../tests/harness/http";
import { listRecommendationsRange } from "./recommend";

/*
 * The course list and each course's concepts the ranking reads are kept per process under the
 * catalogue version that triggers move on every write to courses, sections and quiz questions:
 * a course added, changed or deleted, or a question added, by anyone (here: straight in the
 * database, as another instance or the worker would) shows in the very next answer.
 */
describe("recommendations' copy of the catalogue", () => {
  it("follows every write to courses at once", async () => {
    const db = getDb();
    const learner = await createUser();
    const ids = async () => (await listRecommendationsRange(getDb(), learner.user.id, { offset: 0, limit: 100_000 })).items.map((c) => c.id);
    const before = await ids();

    const [topic] = await db.insert(topics).values({ title: "Cache check" }).returning();
    const [course] = await db.insert(courses).values({ topicId: topic!.id, title: "Fresh", level: "Beginner", generationStatus: "done" }).returning();
    expect(await ids()).toEqual(expect.arrayContaining([...before, course!.id]));

    // Renamed (the summaries are read fresh), then deleted.
    await db.update(courses).set({ title: "Renamed" }).where(eq(courses.id, course!.id));
    expect((await listRecommendationsRange(getDb(), learner.user.id, { offset: 0, limit: 100_000 })).items.find((c) => c.id === course!.id)?.course_title).toBe("Renamed");
    await db.delete(courses).where(eq(courses.id, course!.id));
    expect(await ids()).not.toContain(course!.id);
    expect((await ids()).sort()).toEqual([...before].sort());
  });
});

describe("recommendations' copy of each course's concepts", () => {
  it("follows a question added to a course whose concepts the learner had all mastered", async () => {
    const db = getDb();
    const learner = await createUser();
    const [topic] = await db.insert(topics).values({ title: `Concepts ${learner.user.id}` }).returning();
    const [taken, intermediate, beginner] = await db
      .insert(courses)
      .values(
        (["Beginner", "Intermediate", "Beginner"] as const).map((level, i) => ({ topicId: topic!.id, title: `Course ${i}`, level, generationStatus: "done" as const })),
      )
      .returning();
    const [section] = await db.insert(courseSections).values({ courseId: taken!.id, position: 0, title: "Basics" }).returning();
    const question = (position: number, concept: string) => ({ sectionId: section!.id, position, question: `Q${position}`, options: ["a", "b"], correctAnswer: "a", concept });
    await db.insert(quizQuestions).values(question(0, "Alpha"));
    await db.insert(enrollments).values({ userId: learner.user.id, courseId: taken!.id });
    await db.insert(conceptMastery).values({
      userId: learner.user.id, courseId: taken!.id, conceptKey: "alpha", concept: "Alpha", sectionIndex: 0, subsectionIndex: 0, rating: 3, answers: 6, correctAnswers: 6, lastAnsweredAt: new Date(),
    });
    const order = async () => (await listRecommendationsRange(getDb(), learner.user.id, { offset: 0, limit: 100_000 })).items.map((c) => c.id).filter((id) => id === intermediate!.id || id === beginner!.id);

    // Every concept of the Beginner course mastered: Intermediate fits next.
    expect(await order()).toEqual([intermediate!.id, beginner!.id]);
    // A new concept, not tried yet: the course is no longer all mastered, Beginner fits again.
    await db.insert(quizQuestions).values(question(1, "Beta"));
    expect(await order()).toEqual([beginner!.id, intermediate!.id]);
  });
});
