import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, quizQuestions, topics, userTopics } from "../../../db/schema";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { courseRow, pointModelAtFake, runWorkerWith, waitForCourse } from "../../../tests/harness/generation";
import { createUser } from "../../../tests/harness/http";
import { getCourseForLearner } from "../../catalogue/courses/get-course";
import { askForCourse } from "../course-requests/ask";
import { getCourseRequest } from "../course-requests/latest";
import { publishCourse } from "../../catalogue/publication/actions";

/*
 * A topic whose courses need review (docs/product-rules.md, "Review and publication"): the fake
 * model writes the whole course progressively, and it ends a draft that its requester cannot
 * read until an admin publishes it.
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake);
runWorkerWith(fake);

describe("generation with review required", () => {
  it("a learner's requested course is written whole but stays a draft, 'waiting for review', until an admin publishes it", { timeout: 90_000 }, async () => {
    const db = getDb();
    const learner = await createUser();
    const [topic] = await db.insert(topics).values({ title: `Reviewed topic ${process.pid}`, description: "Needs review.", generationReview: "required" }).returning();
    await db.insert(userTopics).values({ userId: learner.user.id, topicId: topic!.id });

    await askForCourse(db, learner.user.id, { topic_id: topic!.id });
    await expect.poll(async () => (await db.select().from(courses).where(eq(courses.requestedBy, learner.user.id))).length, { timeout: 20_000 }).toBe(1);
    const [course] = await db.select().from(courses).where(eq(courses.requestedBy, learner.user.id));
    const done = await waitForCourse(course!.id);
    expect(done.generationStatus).toBe("done");

    // Everything was written to the course's tables, none of it approved.
    expect((await courseRow(course!.id)).publication).toBe("draft");
    const sections = await db.select().from(courseSections).where(eq(courseSections.courseId, course!.id)).orderBy(asc(courseSections.position));
    expect(sections).toHaveLength(4);
    expect(sections.every((s) => s.publishedAt === null)).toBe(true);
    expect((await db.select().from(quizQuestions).where(eq(quizQuestions.sectionId, sections[0]!.id))).length).toBeGreaterThan(0);

    // The requester is told it waits for review, and gets nothing of it.
    const request = await getCourseRequest(db, learner.user.id);
    expect(request).toMatchObject({ state: "review", course_id: course!.id });
    expect(request.sections).toHaveLength(4);
    expect(request.sections.every((s) => !s.ready && s.in_review)).toBe(true);
    await expect(getCourseForLearner(getDb(), learner.user, course!.id)).rejects.toThrow("Course not found.");

    // Published: the same request is ready and the reader opens.
    await publishCourse(getDb(), course!.id);
    expect((await getCourseRequest(db, learner.user.id)).state).toBe("ready");
    const detail = await getCourseForLearner(getDb(), learner.user, course!.id);
    expect(detail.sections.every((s) => s.ready && s.in_review === undefined)).toBe(true);
  });
});
