import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseRequests, courses, generationRuns, topics, userTopics } from "../../db/schema";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { quickAccount } from "./world";

/*
 * The server-wide daily cap on learner-requested generation (docs/product-rules.md, "Course
 * requests"): the tokens of every call made for learners' own courses, all learners together, per
 * UTC day. Past it, every learner's new request and resume is refused until UTC midnight, and the
 * admin Generation screen shows the day's use against the cap.
 */

process.env.OPENAI_API_KEY = "test-key";
process.env.PERSONAL_COURSES_SERVER_DAILY_TOKENS = "10000";

const generate = handlerOf("POST /courses/generate");
const resume = handlerOf("POST /course-requests/{id}/resume");
const overview = handlerOf("GET /generation");

async function learnerOnTopic() {
  const who = await quickAccount();
  const [topic] = await getDb().insert(topics).values({ title: `Cap topic ${who.id}`, description: "" }).returning({ id: topics.id });
  await getDb().insert(userTopics).values({ userId: who.id, topicId: topic!.id });
  return { who, topicId: topic!.id };
}

/** Model calls of today for one learner's course (a personal course) and one admin course. */
async function spend(personalTokens: number, adminTokens: number) {
  const db = getDb();
  const owner = await quickAccount();
  const [topic] = await db.insert(topics).values({ title: `Spent ${owner.id}`, description: "" }).returning({ id: topics.id });
  const [personal] = await db.insert(courses).values({ topicId: topic!.id, title: "Theirs", level: "Beginner", requestedBy: owner.id, generationStatus: "done", isDetailCreatedByAi: true }).returning({ id: courses.id });
  const [catalogue] = await db.insert(courses).values({ topicId: topic!.id, title: "Everyone's", level: "Beginner", generationStatus: "done", isDetailCreatedByAi: true }).returning({ id: courses.id });
  await db.insert(generationRuns).values([
    { courseId: personal!.id, step: "subsection", promptTokens: personalTokens / 2, completionTokens: personalTokens / 2, ok: true },
    { courseId: catalogue!.id, step: "subsection", promptTokens: adminTokens, completionTokens: 0, ok: true },
    // Yesterday's calls count for yesterday only.
    { courseId: personal!.id, step: "subsection", promptTokens: 1_000_000, completionTokens: 0, ok: true, createdAt: new Date(Date.now() - 86_400_000 * 2) },
  ]);
}

describe("the server-wide daily cap on learners' courses", () => {
  it("counts learners' courses and requests only; once the day's tokens reach it, every new request and resume is refused until UTC midnight, and the admin screen shows it", async () => {
    const { who, topicId } = await learnerOnTopic();
    const admin = await quickAccount("admin");
    // A failed request of theirs, from before the cap was reached.
    const [failed] = await getDb().insert(courseRequests).values({ userId: who.id, topicId, level: "Beginner", length: "short", failedAt: new Date(), failure: "500" }).returning({ id: courseRequests.id });

    // Admins' courses do not count: 50,000 tokens of them, and requests are still taken.
    await spend(6000, 50_000);
    const before = (await call(overview, { token: admin.token })).body.personal_requests;
    expect(before).toMatchObject({ tokens_today: 6000, tokens_per_day: 10_000 });
    const other = await learnerOnTopic();
    expect((await call(generate, { token: other.who.token, json: { topic_id: other.topicId } })).status).toBe(202);

    // A planning call of a request counts too (before its course exists).
    const [asked] = await getDb().select({ id: courseRequests.id }).from(courseRequests).where(eq(courseRequests.userId, other.who.id));
    await getDb().insert(generationRuns).values({ topicId: other.topicId, courseRequestId: asked!.id, step: "topic-courses", promptTokens: 4000, completionTokens: 0, ok: true });

    const refused = await call(generate, { token: who.token, json: { topic_id: topicId }, clientAddress: "127.0.0.2" });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Course writing for learners has reached this server's limit for today\. You can ask again in (\d+ h( \d+ min)?|\d+ min)\.$/);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(Number(refused.headers.get("retry-after"))).toBeCloseTo((midnight.getTime() - Date.now()) / 1000, -2);
    const resumed = await call(resume, { token: who.token, params: { id: String(failed!.id) }, clientAddress: "127.0.0.3" });
    expect([resumed.status, resumed.body.detail]).toEqual([429, refused.body.detail]);
    // Nothing was stored for either, and the failed request is still failed, to resume tomorrow.
    expect(await getDb().select().from(courseRequests).where(eq(courseRequests.userId, who.id))).toHaveLength(1);
    expect((await getDb().select().from(courseRequests).where(eq(courseRequests.id, failed!.id)))[0]!.failedAt).not.toBeNull();

    const after = (await call(overview, { token: admin.token })).body.personal_requests;
    expect(after).toMatchObject({ tokens_today: 10_000, tokens_per_day: 10_000, requests_today: 2 });
    expect(after.recent.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([asked!.id, failed!.id]));
  });
});
