import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, topics } from "../../db/schema";
import { createUser } from "../../tests/harness/http";
import { listRecommendationsRange } from "./recommend";

/*
 * The course list the ranking reads is kept per process under the catalogue version a trigger
 * moves on every write to courses: a course added, changed or deleted by anyone (here: straight
 * in the database, as another instance or the worker would) shows in the very next answer.
 */
describe("recommendations' copy of the catalogue", () => {
  it("follows every write to courses at once", async () => {
    const db = getDb();
    const learner = await createUser();
    const ids = async () => (await listRecommendationsRange(learner.user.id, 0, 100_000)).items.map((c) => c.id);
    const before = await ids();

    const [topic] = await db.insert(topics).values({ title: "Cache check" }).returning();
    const [course] = await db.insert(courses).values({ topicId: topic!.id, title: "Fresh", level: "Beginner", generationStatus: "done" }).returning();
    expect(await ids()).toEqual(expect.arrayContaining([...before, course!.id]));

    // Renamed (the summaries are read fresh), then deleted.
    await db.update(courses).set({ title: "Renamed" }).where(eq(courses.id, course!.id));
    expect((await listRecommendationsRange(learner.user.id, 0, 100_000)).items.find((c) => c.id === course!.id)?.course_title).toBe("Renamed");
    await db.delete(courses).where(eq(courses.id, course!.id));
    expect(await ids()).not.toContain(course!.id);
    expect((await ids()).sort()).toEqual([...before].sort());
  });
});
