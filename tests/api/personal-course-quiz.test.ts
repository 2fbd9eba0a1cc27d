import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSections, courses } from "../../db/schema";
import { call } from "../harness/http";
import { createWorld, type World } from "./world";

/*
 * A learner's personal course is not confirmed to exist to anyone else: its quiz calls answer
 * another learner exactly as for a course that does not exist (404), not "enrol first" (409).
 */

async function personalCourseWithSection(world: World): Promise<number> {
  const [course] = await getDb()
    .insert(courses)
    .values({ topicId: world.topicId, title: `Just for A ${world.a.id}`, description: "Written for one learner.", level: "Beginner", requestedBy: world.a.id, generationStatus: "done", isDetailCreatedByAi: true })
    .returning({ id: courses.id });
  await getDb().insert(courseSections).values({ courseId: course!.id, position: 0, title: "Only section" });
  return course!.id;
}

const quizOf = (token: string, courseId: number) => call("GET /section-quizzes", { token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });

describe("another learner's personal course, through the quiz calls", () => {
  it("answers 404 as a missing course does", async () => {
    const world = await createWorld();
    const courseId = await personalCourseWithSection(world);
    const missing = await quizOf(world.b.token, 999_999_999);
    const others = await quizOf(world.b.token, courseId);
    expect([others.status, others.body.detail]).toEqual([missing.status, missing.body.detail]);
    const check = await call("POST /courses/:id/sections/:sectionIndex/quiz-check", { token: world.b.token, params: { id: String(courseId), sectionIndex: "0" }, json: { question_id: 1, answer: "x" } });
    expect(check.status).toBe(404);
    const complete = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: world.b.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers: [{ question_id: 1, answer: "x" }] } });
    expect(complete.status).toBe(404);
  });

  it("still tells its owner to enrol first", async () => {
    const world = await createWorld();
    const courseId = await personalCourseWithSection(world);
    const own = await quizOf(world.a.token, courseId);
    expect(own.status).toBe(409);
  });
});
