import { and, eq, ne } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { certificates, enrollments, learningActivity, quizAttempts, rateLimits, users } from "../../db/schema";
import { LIMITS } from "../../lib/platform/rate-limit";
import { call } from "../harness/http";
import { createWorld, quickAccount, WORLD_PASSWORD } from "./world";

/*
 * "Download my data" and "Delete my account" (docs/product-rules.md), from the attacker's side: reading
 * someone else's data through the export, deleting an account with a stolen session but not its
 * password, guessing that password, and an admin deleting the last admin account.
 */

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

const exportOf = (token: string, query = "") => call("GET /users/me/export", { token, path: `/users/me/export${query}` });
const deleteMe = (token: string, password: string, clientAddress = "203.0.113.7") =>
  call("DELETE /users/me", { method: "DELETE", token, json: { password }, clientAddress });

describe("GET /users/me/export", () => {
  it("holds the caller's account, enrolments, quiz attempts, activity and certificates, and nothing of anyone else", async () => {
    const world = await createWorld();
    const db = getDb();
    await db.insert(quizAttempts).values([
      { userId: world.a.id, courseId: world.courseId, sectionIndex: 0, score: 5, total: 5, passed: true },
      { userId: world.b.id, courseId: world.courseId, sectionIndex: 0, score: 1, total: 5, passed: false },
    ]);
    await db.insert(learningActivity).values({ userId: world.b.id, courseId: world.courseId, at: new Date() });
    await db.insert(certificates).values({ userId: world.b.id, courseId: world.courseId, learnerName: "B Learner" });

    // A user id in the query, as a body or in a header changes nothing: the export is always the caller's.
    const res = await exportOf(world.a.token, `?user_id=${world.b.id}&id=${world.b.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="learnpath-data-\d+\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.account).toMatchObject({ id: world.a.id, email: world.a.email });
    expect(res.body.enrollments).toEqual([expect.objectContaining({ course_id: world.courseId })]);
    expect(res.body.quiz_attempts).toEqual([expect.objectContaining({ score: 5, passed: true })]);
    expect(res.body.learning_activity).toEqual([]);
    expect(res.body.certificates).toEqual([]);
    expect(res.body.selected_topics).toEqual([expect.objectContaining({ id: world.topicId })]);

    const text = JSON.stringify(res.body);
    expect(text).not.toContain(world.b.email);
    expect(text).not.toMatch(/password|hash|\$argon2/i);
  });

  it("needs a signed-in caller", async () => {
    expect((await call("GET /users/me/export", { path: "/users/me/export" })).status).toBe(401);
  });
});

describe("DELETE /users/me", () => {
  it("refuses a wrong password (a stolen session is not enough) and deletes nothing", async () => {
    const world = await createWorld();
    const res = await deleteMe(world.a.token, "not-the-password-1");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Incorrect password." });
    const [still] = await getDb().select({ id: users.id }).from(users).where(eq(users.id, world.a.id));
    expect(still).toBeDefined();
  });

  it("limits password guesses as log-in does: past the limit even the right password is refused, with Retry-After", async () => {
    const world = await createWorld();
    const address = "198.51.100.77";
    for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++) expect((await deleteMe(world.a.token, `wrong-guess-${i}1`, address)).status).toBe(403);
    const blocked = await deleteMe(world.a.token, WORLD_PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const [still] = await getDb().select({ id: users.id }).from(users).where(eq(users.id, world.a.id));
    expect(still).toBeDefined();
  });

  it("with the right password deletes the account and everything it owns; its token stops working", async () => {
    const world = await createWorld();
    await getDb().insert(learningActivity).values({ userId: world.a.id, courseId: world.courseId, at: new Date() });
    await getDb().insert(certificates).values({ userId: world.a.id, courseId: world.courseId, learnerName: "A Learner" });

    expect((await deleteMe(world.a.token, WORLD_PASSWORD)).status).toBe(204);
    const db = getDb();
    expect(await db.select().from(users).where(eq(users.id, world.a.id))).toEqual([]);
    expect(await db.select().from(enrollments).where(eq(enrollments.userId, world.a.id))).toEqual([]);
    expect(await db.select().from(learningActivity).where(eq(learningActivity.userId, world.a.id))).toEqual([]);
    expect(await db.select().from(certificates).where(eq(certificates.userId, world.a.id))).toEqual([]);
    // Learner B is untouched.
    expect(await db.select().from(enrollments).where(eq(enrollments.userId, world.b.id))).toHaveLength(1);
    expect((await exportOf(world.a.token)).status).toBe(401);
  });

  it("an admin may delete their own account, but never the last admin's", async () => {
    const db = getDb();
    const admin = await quickAccount("admin");
    const other = await quickAccount("admin");
    expect((await deleteMe(other.token, WORLD_PASSWORD)).status).toBe(204);

    // Now make `admin` the only active admin of this file's database.
    await db.update(users).set({ isActive: false }).where(and(eq(users.role, "admin"), ne(users.id, admin.id)));
    const res = await deleteMe(admin.token, WORLD_PASSWORD);
    expect(res.status).toBe(409);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});
