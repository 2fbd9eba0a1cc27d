import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courseSections, courseSubsections, courses } from "../../../db/schema";
import { loadCourseContent } from "./course-content";

/* A finished course's content is cached in-process: a new generation run must still show at once. */

let courseId: number;

beforeEach(async () => {
  const [course] = await getDb().select().from(courses).where(eq(courses.title, "Python Basics"));
  courseId = course!.id;
});

async function rewriteFirstSubsection(content: string) {
  const sectionIds = getDb().select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId));
  await getDb()
    .update(courseSubsections)
    .set({ content })
    .where(inArray(courseSubsections.sectionId, sectionIds));
}

const firstContent = async () => (await loadCourseContent(getDb(), courseId)).course.sections[0]!.subsections[0]!.content;

describe("loadCourseContent", () => {
  it("shows a regenerated course's new content once its new run is done", async () => {
    const before = await firstContent();
    // What the pipeline does: a new attempt (pending), content rewritten, then done with a new updated_at.
    await getDb()
      .update(courses)
      .set({ generationAttempt: sql`${courses.generationAttempt} + 1`, generationStatus: "pending" })
      .where(eq(courses.id, courseId));
    await rewriteFirstSubsection("## Rewritten by a new run");
    expect(await firstContent()).toBe("## Rewritten by a new run");
    await getDb().update(courses).set({ generationStatus: "done", updatedAt: sql`now()` }).where(eq(courses.id, courseId));
    expect(await firstContent()).toBe("## Rewritten by a new run");
    expect(before).not.toBe("## Rewritten by a new run");
  });

  it("never caches a course whose generation is still running", async () => {
    await getDb().update(courses).set({ generationStatus: "running" }).where(eq(courses.id, courseId));
    await rewriteFirstSubsection("first draft");
    expect(await firstContent()).toBe("first draft");
    await rewriteFirstSubsection("second draft");
    expect(await firstContent()).toBe("second draft");
  });

  it("answers 404 for a course deleted after it was cached", async () => {
    await firstContent();
    await getDb().delete(courses).where(eq(courses.id, courseId));
    await expect(loadCourseContent(getDb(), courseId)).rejects.toMatchObject({ status: 404 });
  });
});
