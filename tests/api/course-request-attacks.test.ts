import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, courseSections, generationSections, rateLimits } from "../../db/schema";
import { getEnv } from "../../lib/env";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { createWorld, type World } from "./world";

/*
 * A learner's course request (POST /courses/generate, GET /users/me/course-request): its state
 * is the caller's own, never anyone else's, and the daily quota holds on the server whatever a
 * screen offers (docs/product-rules.md, "Course generation").
 */

// A model is configured (nothing calls it: no worker runs here), so requests are taken.
process.env.OPENAI_API_KEY = "test-key";

const generate = handlerOf("POST /courses/generate");
const myRequest = handlerOf("GET /users/me/course-request");
const courseGeneration = handlerOf("GET /courses/{id}/generation");

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

/** What the worker's planning step leaves: learner A's course with 2 sections planned, the first published. */
async function plannedCourse(world: World): Promise<number> {
  const db = getDb();
  const [course] = await db
    .insert(courses)
    .values({ topicId: world.topicId, title: `For A ${world.a.id}`, description: "Written for A.", level: "Beginner", requestedBy: world.a.id, generationStatus: "running", generationAttempt: 1 })
    .returning({ id: courses.id });
  await db.insert(generationSections).values([0, 1].map((position) => ({ courseId: course!.id, position, title: `Planned ${position + 1}`, subsectionTitles: ["One"] })));
  await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "Part 1" });
  return course!.id;
}

describe("a learner's course request", () => {
  it("shows the requester its way from waiting to writing with the sections ready so far, and another learner nothing of it", async () => {
    const world = await createWorld();
    expect((await call(myRequest, { token: world.a.token })).body).toMatchObject({ state: "none", model_configured: true, course_id: null });

    expect((await call(generate, { token: world.a.token, json: { topic_id: world.topicId } })).status).toBe(202);
    const waiting = await call(myRequest, { token: world.a.token });
    expect(waiting.body).toMatchObject({ state: "waiting", topic_id: world.topicId, course_id: null, sections: [], detail: null });
    // Learner B shares the topic but not the request.
    expect((await call(myRequest, { token: world.b.token })).body).toMatchObject({ state: "none", topic_id: null });

    const courseId = await plannedCourse(world);
    const writing = await call(myRequest, { token: world.a.token });
    expect(writing.body).toMatchObject({
      state: "writing",
      course_id: courseId,
      sections: [
        { title: "Part 1", ready: true },
        { title: "Planned 2", ready: false },
      ],
    });
    expect((await call(myRequest, { token: world.b.token })).body).toMatchObject({ state: "none", course_id: null, sections: [] });
    // Nor can B poll the course's own status.
    expect((await call(courseGeneration, { token: world.b.token, params: { id: String(courseId) } })).status).toBe(404);
    // No user id to ask about: a query naming another learner changes nothing.
    expect((await call(myRequest, { token: world.b.token, path: `/users/me/course-request?user_id=${world.a.id}` })).body).toMatchObject({ state: "none" });
  });

  it("tells the requester that writing failed in the learners' words, never the model server's text", async () => {
    const world = await createWorld();
    const courseId = await plannedCourse(world);
    await getDb().update(courses).set({ generationStatus: "failed", generationError: "connect ECONNREFUSED 10.0.0.7:8080 (key sk-abc)" }).where(eq(courses.id, courseId));
    const res = await call(myRequest, { token: world.a.token });
    expect(res.body).toMatchObject({ state: "failed", course_id: courseId, detail: "Generation failed; an administrator has been notified." });
    expect(JSON.stringify(res.body)).not.toContain("ECONNREFUSED");
  });

  it("enforces the daily quota on the server: past it, 429 and no new request", async () => {
    const world = await createWorld();
    const perDay = getEnv().PERSONAL_COURSES_PER_DAY;
    const statuses: number[] = [];
    // The same topic again joins the queued request, and still counts.
    for (let i = 0; i <= perDay; i++) statuses.push((await call(generate, { token: world.a.token, json: { topic_id: world.topicId } })).status);
    expect(statuses).toEqual([...Array(perDay).fill(202), 429]);
    expect((await call(myRequest, { token: world.a.token })).body).toMatchObject({ state: "waiting", topic_id: world.topicId });
  });
});
