import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, enrollments, quizAnswers, quizAttempts, quizQuestions, topics, users } from "../../../db/schema";
import { createUser } from "../../../tests/harness/http";
import { listQuestionStats } from "./question-stats";
import { getDashboardStats } from "./stats";

/*
 * The admin summaries (stats_counters, topic_learner_counts, question_stats,
 * question_wrong_options) are kept by triggers: after every kind of write, including deletions
 * through foreign-key cascades, they must equal what a full recount gives, which
 * rebuild_admin_summaries() computes from the base tables.
 */

type Snapshot = { counters: unknown[]; topics: unknown[]; questions: unknown[]; wrong: unknown[] };

async function snapshot(): Promise<Snapshot> {
  const db = getDb();
  const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    counters: await rows(sql`SELECT name, sum(value)::int AS value FROM stats_counters WHERE name <> 'courses_version' GROUP BY name HAVING sum(value) <> 0 ORDER BY name`),
    topics: await rows(sql`SELECT topic_id, user_count FROM topic_learner_counts WHERE user_count <> 0 ORDER BY topic_id`),
    questions: await rows(sql`SELECT question_id, attempts, learners, first_correct, flag FROM question_stats ORDER BY question_id`),
    wrong: await rows(sql`SELECT question_id, option, count FROM question_wrong_options WHERE count <> 0 ORDER BY question_id, option`),
  };
}

/** What the triggers kept, then what a recount from scratch gives: they must be the same. */
async function expectSummariesExact() {
  const kept = await snapshot();
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT rebuild_admin_summaries()`);
    // Compared inside the transaction, then rolled back: the kept rows stay under test.
    const rebuilt = await snapshot();
    expect(kept).toEqual(rebuilt);
    tx.rollback();
  }).catch((error: unknown) => {
    if (!(error instanceof Error && error.message === "Rollback")) throw error;
  });
}

async function courseWithQuestions(topicId: number, title: string) {
  const db = getDb();
  const [course] = await db.insert(courses).values({ topicId, title, level: "Beginner", generationStatus: "done" }).returning();
  const [section] = await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "S" }).returning();
  const questions = await db
    .insert(quizQuestions)
    .values(["Q1", "Q2"].map((q, position) => ({ sectionId: section!.id, position, question: q, options: ["A", "B", "C"], correctAnswer: "A" })))
    .returning();
  return { course: course!, questions: questions.map((q) => q.id) };
}

let minute = 0;
async function attempt(userId: number, courseId: number, answers: [number, string | null][]) {
  const db = getDb();
  const right = answers.filter(([, chosen]) => chosen === "A").length;
  const [row] = await db
    .insert(quizAttempts)
    .values({ userId, courseId, sectionIndex: 0, score: right, total: answers.length, passed: right === answers.length, createdAt: new Date(Date.UTC(2025, 5, 1, 9, minute++)) })
    .returning();
  await db.insert(quizAnswers).values(answers.map(([questionId, chosen]) => ({ attemptId: row!.id, questionId, chosenOption: chosen, isCorrect: chosen === "A" })));
  return row!.id;
}

describe("admin summaries kept by triggers", () => {
  it("equal a full recount after inserts, deletions through cascades, and a course moved to another topic", async () => {
    const db = getDb();
    await expectSummariesExact();
    const before = await getDashboardStats(getDb());

    const [alpha] = await db.insert(topics).values({ title: "Summaries alpha" }).returning();
    const [beta] = await db.insert(topics).values({ title: "Summaries beta" }).returning();
    const one = await courseWithQuestions(alpha!.id, "One");
    const two = await courseWithQuestions(alpha!.id, "Two");
    const three = await courseWithQuestions(beta!.id, "Three");
    const [ann, bob, cy] = await Promise.all([createUser(), createUser(), createUser()]);

    // Ann in both alpha courses (one learner of alpha), Bob in one and in beta, Cy in beta.
    await db.insert(enrollments).values([
      { userId: ann.user.id, courseId: one.course.id },
      { userId: ann.user.id, courseId: two.course.id },
      { userId: bob.user.id, courseId: one.course.id },
      { userId: bob.user.id, courseId: three.course.id },
      { userId: cy.user.id, courseId: three.course.id },
    ]);
    const [q1, q2] = one.questions as [number, number];
    await attempt(ann.user.id, one.course.id, [[q1, "B"], [q2, null]]);
    const annSecond = await attempt(ann.user.id, one.course.id, [[q1, "A"], [q2, "A"]]);
    await attempt(bob.user.id, one.course.id, [[q1, "A"], [q2, "C"]]);
    await expectSummariesExact();

    const stats = await getDashboardStats(getDb());
    expect(stats.user_count).toBe(before.user_count + 3);
    expect(stats.quiz_count).toBe(before.quiz_count + 3);
    expect(stats.passed_quizzes).toBe(before.passed_quizzes + 1);
    const page = await listQuestionStats(getDb(), { limit: 100 });
    expect(page.questions.find((q) => q.id === q1)).toMatchObject({ attempts: 3, learners: 2, first_try_correct_rate: 50, most_chosen_wrong: { option: "B", count: 1 } });

    // Ann's later attempt goes: her first answers stay her first ones.
    await db.delete(quizAttempts).where(eq(quizAttempts.id, annSecond));
    await expectSummariesExact();
    // Ann leaves one alpha course (still a learner of alpha), then Bob's account is deleted (his enrolments, attempts and answers go with it).
    await db.delete(enrollments).where(eq(enrollments.courseId, two.course.id));
    await db.delete(users).where(eq(users.id, bob.user.id));
    await expectSummariesExact();
    // A course moves to the other topic, then one is deleted, then a whole topic.
    await db.update(courses).set({ topicId: beta!.id }).where(eq(courses.id, one.course.id));
    await expectSummariesExact();
    await db.delete(courses).where(eq(courses.id, three.course.id));
    await expectSummariesExact();
    await db.delete(topics).where(eq(topics.id, beta!.id));
    await expectSummariesExact();

    const after = await getDashboardStats(getDb());
    expect(after.user_count).toBe(before.user_count + 2);
    // Every attempt was in course "One", which moved to beta and went with it.
    expect(after.quiz_count).toBe(before.quiz_count);
  });

  it("two enrolments of one learner in one topic, in transactions open at the same time, count the learner once", async () => {
    const db = getDb();
    const [topic] = await db.insert(topics).values({ title: "Summaries race" }).returning();
    const a = await courseWithQuestions(topic!.id, "A");
    const b = await courseWithQuestions(topic!.id, "B");
    const learner = await createUser();
    const first = new Client({ connectionString: process.env.DATABASE_URL });
    const second = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query("BEGIN");
      await first.query("INSERT INTO enrollments (user_id, course_id) VALUES ($1, $2)", [learner.user.id, a.course.id]);
      // The second enrolment starts while the first is uncommitted: it must wait for it, not count the learner again.
      let secondDone = false;
      const secondInsert = second.query("INSERT INTO enrollments (user_id, course_id) VALUES ($1, $2)", [learner.user.id, b.course.id]).then(() => {
        secondDone = true;
      });
      await expect.poll(async () => {
        if (secondDone) return true;
        const { rows } = await first.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        return rows.length > 0;
      }).toBe(true);
      await first.query("COMMIT");
      await secondInsert;
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const { rows } = await db.execute<{ user_count: number }>(sql`SELECT user_count FROM topic_learner_counts WHERE topic_id = ${topic!.id}`);
    expect(rows[0]?.user_count).toBe(1);
  });
});
