import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, enrollments, rateLimits } from "../../db/schema";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { createWorld, type Account, type World } from "./world";

// A model is configured (nothing calls it: no worker runs here), so course requests are taken and counted.
process.env.OPENAI_API_KEY = "test-key";

/*
 * A learner's personal course (requested_by) appeared in everyone's topic lists. A personal course
 * is visible only to its requester and admins, and recommended to nobody. (The day's requests:
 * course-request-attacks.test.ts.)
 */

const listTopics = handlerOf("GET /topics");
const topicCourses = handlerOf("GET /topics/{id}/courses");
const recommendations = handlerOf("GET /recommendations");
const courseDetail = handlerOf("GET /courses/{id}");
const courseGeneration = handlerOf("GET /courses/{id}/generation");
const enroll = handlerOf("POST /enroll");

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

/** A course written for learner A alone, in the world's topic. */
async function personalCourse(world: World): Promise<number> {
  const [course] = await getDb()
    .insert(courses)
    .values({ topicId: world.topicId, title: `Just for A ${world.a.id}`, description: "Written for one learner.", level: "Beginner", requestedBy: world.a.id, generationStatus: "done", isDetailCreatedByAi: true })
    .returning({ id: courses.id });
  return course!.id;
}

const idsIn = (list: { id: number }[]) => list.map((c) => c.id);
const topicListCourses = async (token: string | undefined, topicId: number) => {
  const topic = (await call(listTopics, { token })).body.find((t: { id: number }) => t.id === topicId);
  return { ids: idsIn(topic.courses), total: topic.totalCourses as number };
};

describe("a personal course is visible only to its requester and admins", () => {
  it("GET /topics lists it for the requester and admins, not for other learners or visitors", async () => {
    const world = await createWorld();
    const mine = await personalCourse(world);
    expect(await topicListCourses(world.a.token, world.topicId)).toEqual({ ids: [mine], total: 1 });
    expect(await topicListCourses(world.admin.token, world.topicId)).toEqual({ ids: [mine], total: 1 });
    expect(await topicListCourses(world.b.token, world.topicId)).toEqual({ ids: [], total: 0 });
    expect(await topicListCourses(undefined, world.topicId)).toEqual({ ids: [], total: 0 });
  });

  it("GET /topics/{id}/courses leaves it out for other learners, and GET /recommendations for everyone", async () => {
    const world = await createWorld();
    const mine = await personalCourse(world);
    const courseIdsOf = async (who: Account | null) => idsIn((await call(topicCourses, { token: who?.token, params: { id: String(world.topicId) } })).body.courses);
    expect(await courseIdsOf(world.a)).toEqual([mine]);
    expect(await courseIdsOf(world.b)).toEqual([]);
    expect(await courseIdsOf(null)).toEqual([]);
    const recommendedTo = async (who: Account) => idsIn((await call(recommendations, { token: who.token, path: "/recommendations" })).body);
    // Nor to its requester: their own course is in My Learning, never among recommendations (docs/product-rules.md, "Course requests").
    expect(await recommendedTo(world.a)).not.toContain(mine);
    expect(await recommendedTo(world.b)).not.toContain(mine);
  });

  it("another learner cannot open it, its generation status, or enrol in it", async () => {
    const world = await createWorld();
    const mine = await personalCourse(world);
    const params = { id: String(mine) };
    expect((await call(courseDetail, { token: world.a.token, params })).status).toBe(200);
    expect((await call(courseDetail, { token: world.admin.token, params })).status).toBe(200);
    const peek = await call(courseDetail, { token: world.b.token, params });
    expect([peek.status, peek.body]).toEqual([404, { detail: "Course not found." }]);
    expect((await call(courseGeneration, { token: world.b.token, params })).status).toBe(404);
    const join = await call(enroll, { token: world.b.token, json: { course_id: mine } });
    expect([join.status, join.body]).toEqual([404, { detail: "Course not found." }]);
    expect(await getDb().select().from(enrollments).where(and(eq(enrollments.userId, world.b.id), eq(enrollments.courseId, mine)))).toEqual([]);
  });
});
