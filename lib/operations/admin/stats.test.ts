import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../../db/client";
import { courses, enrollments, quizAttempts, topics, users } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { getDashboardStats } from "./stats";

/*
 * GET /dashboard/stats on a known fixture. This file's database copy is emptied first (users and
 * topics, and through them everything else), so every number below is computed by hand.
 * "Now" is 2025-03-10 12:00 UTC: the 7 days are 2025-03-04 .. 2025-03-10.
 */

const NOW = new Date("2025-03-10T12:00:00.000Z");

async function emptyDatabase() {
  await getDb().execute(sql`TRUNCATE users, topics RESTART IDENTITY CASCADE`);
}

let seq = 0;
async function userAt(createdAt: string, role: "user" | "admin" = "user") {
  seq++;
  const [row] = await getDb()
    .insert(users)
    .values({ firstName: "F", lastName: `L${seq}`, email: `fixture-${seq}@example.com`, role, createdAt: new Date(createdAt) })
    .returning({ id: users.id });
  return row!.id;
}

async function topicWithCourses(title: string, courseCount: number) {
  const db = getDb();
  const [topic] = await db.insert(topics).values({ title, description: "d" }).returning({ id: topics.id });
  const levels = ["Beginner", "Intermediate", "Advanced"] as const;
  if (courseCount === 0) return [];
  const rows = await db
    .insert(courses)
    .values(Array.from({ length: courseCount }, (_, i) => ({ topicId: topic!.id, title: `${title} ${i}`, level: levels[i % 3]! })))
    .returning({ id: courses.id });
  return rows.map((r) => r.id);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("dashboard stats on a known fixture", () => {
  it("an empty database: zeros everywhere, still 7 days, no topics ranked", async () => {
    await emptyDatabase();
    const stats = await getDashboardStats(getDb(), NOW);
    expect(stats).toEqual({
      user_count: 0,
      topic_count: 0,
      quiz_count: 0,
      passed_quizzes: 0,
      completion_rate: 0,
      daily_new_users: ["2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09", "2025-03-10"].map((date) => ({ date, count: 0 })),
      most_attempted: [],
      least_attempted: [],
    });
  });

  it("counts, the 7 UTC days with their zero days and edges, and the topic rankings match hand-computed numbers", async () => {
    await emptyDatabase();
    // Sign-ups: one just outside the window (03-03 23:59:59.999), one on its first day at midnight,
    // three on 03-08 (the last a millisecond before midnight), two today, one "tomorrow" (not counted in any day).
    const outside = await userAt("2025-03-03T23:59:59.999Z", "admin");
    const a = await userAt("2025-03-04T00:00:00.000Z");
    const b = await userAt("2025-03-08T00:00:00.000Z");
    const c = await userAt("2025-03-08T13:30:00.000Z");
    const d = await userAt("2025-03-08T23:59:59.999Z");
    const e = await userAt("2025-03-10T00:00:00.000Z");
    await userAt("2025-03-10T11:59:00.000Z");
    await userAt("2025-03-11T00:00:00.000Z");

    const [alpha1, alpha2] = await topicWithCourses("Alpha", 2);
    const [beta1] = await topicWithCourses("Beta", 1);
    await topicWithCourses("Gamma", 1); // nobody enrolled: 0
    const [delta1] = await topicWithCourses("Delta", 1);
    await topicWithCourses("Epsilon", 0); // no courses at all: 0

    // Alpha: a, b, c (a in both of its courses counts once) = 3; Delta: d, e = 2; Beta: outside (an admin) = 1.
    await getDb()
      .insert(enrollments)
      .values([
        { userId: a, courseId: alpha1! },
        { userId: a, courseId: alpha2! },
        { userId: b, courseId: alpha1! },
        { userId: c, courseId: alpha2! },
        { userId: d, courseId: delta1! },
        { userId: e, courseId: delta1! },
        { userId: outside, courseId: beta1! },
      ]);
    // Three quizzes taken, one passed: 33.3 %.
    await getDb()
      .insert(quizAttempts)
      .values([
        { userId: a, courseId: alpha1!, sectionIndex: 0, score: 3, total: 5, passed: false },
        { userId: a, courseId: alpha1!, sectionIndex: 0, score: 5, total: 5, passed: true },
        { userId: d, courseId: delta1!, sectionIndex: 1, score: 0, total: 5, passed: false },
      ]);

    const expected = {
      user_count: 8,
      topic_count: 5,
      quiz_count: 3,
      passed_quizzes: 1,
      completion_rate: 33.3,
      daily_new_users: [
        { date: "2025-03-04", count: 1 },
        { date: "2025-03-05", count: 0 },
        { date: "2025-03-06", count: 0 },
        { date: "2025-03-07", count: 0 },
        { date: "2025-03-08", count: 3 },
        { date: "2025-03-09", count: 0 },
        { date: "2025-03-10", count: 2 },
      ],
      most_attempted: [
        { title: "Alpha", user_count: 3 },
        { title: "Delta", user_count: 2 },
        { title: "Beta", user_count: 1 },
      ],
      // Ties at 0 go by title: Epsilon before Gamma.
      least_attempted: [
        { title: "Epsilon", user_count: 0 },
        { title: "Gamma", user_count: 0 },
        { title: "Beta", user_count: 1 },
      ],
    };
    expect(await getDashboardStats(getDb(), NOW)).toEqual(expected);

    // The same numbers through GET /dashboard/stats, with the clock at NOW (the admin is one more user,
    // created at NOW, so today counts 3 and the total 9).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const admin = await createUser("admin");
    await getDb().update(users).set({ createdAt: NOW }).where(eq(users.id, admin.user.id));
    const res = await call("GET /dashboard/stats", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...expected,
      user_count: 9,
      daily_new_users: expected.daily_new_users.map((day) => (day.date === "2025-03-10" ? { ...day, count: 3 } : day)),
    });
  });
});
