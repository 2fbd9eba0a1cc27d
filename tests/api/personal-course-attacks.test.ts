import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, enrollments, rateLimits, topics, userTopics } from "../../db/schema";
import { getEnv } from "../../lib/env";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { createWorld, quickAccount, type Account, type World } from "./world";

// A model is configured (nothing calls it: no worker runs here), so course requests are taken and counted.
process.env.OPENAI_API_KEY = "test-key";

/*
 * A learner's personal course (requested_by) appeared in everyone's topic
 * lists, and POST /courses/generate had no quota (8 calls, 8 generations). A personal course is
 * now visible only to its requester and admins, and each learner may ask for a few a day.
 */

const listTopics = handlerOf("GET /topics");
const topicCourses = handlerOf("GET /topics/{id}/courses");
const recommendations = handlerOf("GET /recommendations");
const courseDetail = handlerOf("GET /courses/{id}");
const courseGeneration = handlerOf("GET /courses/{id}/generation");
const enroll = handlerOf("POST /enroll");
const generate = handlerOf("POST /courses/generate");

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

  it("GET /topics/{id}/courses and GET /recommendations leave it out for other learners", async () => {
    const world = await createWorld();
    const mine = await personalCourse(world);
    const courseIdsOf = async (who: Account | null) => idsIn((await call(topicCourses, { token: who?.token, params: { id: String(world.topicId) } })).body.courses);
    expect(await courseIdsOf(world.a)).toEqual([mine]);
    expect(await courseIdsOf(world.b)).toEqual([]);
    expect(await courseIdsOf(null)).toEqual([]);
    const recommendedTo = async (who: Account) => idsIn((await call(recommendations, { token: who.token, path: "/recommendations" })).body);
    expect(await recommendedTo(world.a)).toContain(mine);
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

describe("POST /courses/generate has a daily quota per learner", () => {
  const perDay = () => getEnv().PERSONAL_COURSES_PER_DAY;

  /** A learner with `count` topics among their interests. */
  async function learnerWithTopics(count: number) {
    const learner = await quickAccount();
    const rows = await getDb()
      .insert(topics)
      .values(Array.from({ length: count }, (_, i) => ({ title: `Quota topic ${learner.id}-${i}`, description: "For the quota." })))
      .returning({ id: topics.id });
    await getDb().insert(userTopics).values(rows.map((t) => ({ userId: learner.id, topicId: t.id })));
    return { learner, topicIds: rows.map((t) => t.id) };
  }

  it(`answers the first requests of the day, then 429 saying when the quota resets`, async () => {
    const { learner, topicIds } = await learnerWithTopics(8);
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof call>> | undefined;
    for (const topicId of topicIds) {
      const res = await call(generate, { token: learner.token, json: { topic_id: topicId } });
      statuses.push(res.status);
      if (res.status === 429) refusal ??= res;
    }
    expect(statuses).toEqual([...Array(perDay()).fill(202), ...Array(8 - perDay()).fill(429)]);
    const retryAfter = Number(refusal!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(refusal!.body.detail).toMatch(new RegExp(`^You can ask for ${perDay()} personal courses a day\\. You can ask again after \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\(in about 2[34] hours\\)\\.$`));
  });

  it("refused requests do not use up the quota, and one learner's quota is not another's", async () => {
    const { learner, topicIds } = await learnerWithTopics(perDay());
    const notChosen = await createWorld();
    for (let i = 0; i < perDay() + 2; i++) {
      expect((await call(generate, { token: learner.token, json: { topic_id: notChosen.topicId + 100000 } })).status).toBe(404);
    }
    for (const topicId of topicIds) expect((await call(generate, { token: learner.token, json: { topic_id: topicId } })).status).toBe(202);
    const other = await learnerWithTopics(1);
    expect((await call(generate, { token: other.learner.token, json: { topic_id: other.topicIds[0] } })).status).toBe(202);
  });
});
