import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ADMIN, TEST_LEARNER } from "../../tests/harness/global-setup";
import { hash, verify } from "@node-rs/argon2";
import { getDb } from "../client";
import { accounts, courseSections, courseSubsections, courses, enrollments, quizQuestions, topics, users } from "../schema";
import { loadCatalogue } from "./catalogue";
import { countCatalogue } from "./counts";
import { seedDatabase } from "./index";

const catalogue = loadCatalogue();
// The duration estimate is lib/'s (lib/catalogue/courses/duration.ts), which db/ may not import: the test
// database was seeded with it, and lib/catalogue/courses/duration-api.test.ts checks each course against its
// content. Seeding again here hands in a stand-in.
const estimateCourseMinutes = () => 1;
const expected = {
  topics: catalogue.topics.length,
  courses: catalogue.courses.length,
  sections: catalogue.courses.reduce((n, c) => n + c.sections.length, 0),
  subsections: catalogue.courses.reduce((n, c) => n + c.sections.reduce((m, s) => m + s.subsections.length, 0), 0),
  quizQuestions: catalogue.courses.reduce((n, c) => n + c.sections.reduce((m, s) => m + s.quiz.length, 0), 0),
};

describe("seeded database", () => {
  it("holds the whole catalogue and the two accounts", async () => {
    expect(await countCatalogue(getDb())).toEqual({ users: 2, ...expected });
  });

  it("reads a seeded course back in order, marked as generated", async () => {
    const first = catalogue.courses[0]!;
    const course = await getDb().query.courses.findFirst({
      where: eq(courses.title, first.title),
      with: {
        topic: true,
        sections: {
          orderBy: (s, { asc }) => asc(s.position),
          with: {
            subsections: { orderBy: (s, { asc }) => asc(s.position) },
            quizQuestions: { orderBy: (q, { asc }) => asc(q.position) },
          },
        },
      },
    });
    expect(course).toBeDefined();
    expect(course!.topic.title).toBe(first.topic);
    expect(course!.level).toBe(first.level);
    expect(course!.isDetailCreatedByAi).toBe(true);
    expect(course!.generationStatus).toBe("done");
    // Its duration estimated from its content at seeding (checked against the content in lib/catalogue/courses/duration-api.test.ts).
    expect(course!.durationMinutes).toBeGreaterThan(0);
    expect(course!.sections.map((s) => s.title)).toEqual(first.sections.map((s) => s.title));
    const section = course!.sections[0]!;
    expect(section.subsections.map((s) => s.title)).toEqual(first.sections[0]!.subsections.map((s) => s.title));
    expect(section.quizQuestions[0]!.correctAnswer).toBe(first.sections[0]!.quiz[0]!.answer);
    expect(section.quizQuestions[0]!.options).toEqual(first.sections[0]!.quiz[0]!.options);
  });

  it("stores the seed accounts with argon2id hashes that verify", async () => {
    const rows = await getDb().select().from(users).orderBy(users.id);
    expect(rows.map((u) => [u.email, u.role])).toEqual([
      [TEST_ADMIN.email, "admin"],
      [TEST_LEARNER.email, "user"],
    ]);
    // Each password is a Better Auth "credential" account.
    const hashes = await Promise.all(
      rows.map(async (u) => (await getDb().select().from(accounts).where(and(eq(accounts.userId, u.id), eq(accounts.providerId, "credential"))))[0]!.password!),
    );
    expect(hashes[0]).toMatch(/^\$argon2id\$/);
    expect(await verify(hashes[0]!, TEST_ADMIN.password)).toBe(true);
    expect(await verify(hashes[1]!, "wrong-password")).toBe(false);
  });

  it("seeding again duplicates nothing and leaves changed data alone", async () => {
    const db = getDb();
    await db.update(users).set({ firstName: "Renamed" }).where(eq(users.email, TEST_LEARNER.email));
    const result = await seedDatabase(db, { admin: TEST_ADMIN, learner: TEST_LEARNER, production: false, hashPassword: (password) => hash(password), estimateCourseMinutes });
    expect(result.topicsCreated).toBe(0);
    expect(result.coursesCreated).toBe(0);
    expect(result.accounts.every((a) => !a.created)).toBe(true);
    expect(await countCatalogue(db)).toEqual({ users: 2, ...expected });
    const [learner] = await db.select().from(users).where(eq(users.email, TEST_LEARNER.email));
    expect(learner!.firstName).toBe("Renamed");
  });

  it("seeding a database from an older catalogue tops up its seed courses' quiz pools and keeps the items learners answered", async () => {
    const db = getDb();
    const course = catalogue.courses.find((c) => c.title.startsWith("Graph Algorithms"))!;
    const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.title, course.title));
    const [section] = await db.select({ id: courseSections.id }).from(courseSections).where(and(eq(courseSections.courseId, row!.id), eq(courseSections.position, 2)));
    // The older catalogue's pool: only the first four items.
    await db.delete(quizQuestions).where(and(eq(quizQuestions.sectionId, section!.id), sql`${quizQuestions.position} >= 4`));
    const kept = await db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id)).orderBy(quizQuestions.position);

    const result = await seedDatabase(db, { admin: TEST_ADMIN, learner: TEST_LEARNER, production: false, hashPassword: (password) => hash(password), estimateCourseMinutes });
    expect(result.questionsAdded).toBe(course.sections[2]!.quiz.length - 4);
    const pool = await db.select({ id: quizQuestions.id, question: quizQuestions.question }).from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id)).orderBy(quizQuestions.position);
    expect(pool.map((q) => q.question)).toEqual(course.sections[2]!.quiz.map((q) => q.question));
    expect(pool.slice(0, 4).map((q) => q.id)).toEqual(kept.map((q) => q.id));
  });

  it("deleting a topic removes its courses and everything under them", async () => {
    const db = getDb();
    const [learner] = await db.select().from(users).where(eq(users.email, TEST_LEARNER.email));
    const [topic] = await db.select().from(topics).orderBy(topics.id).limit(1);
    const topicCourses = await db.select().from(courses).where(eq(courses.topicId, topic!.id));
    await db.insert(enrollments).values({ userId: learner!.id, courseId: topicCourses[0]!.id, progress: 10 });

    await db.delete(topics).where(eq(topics.id, topic!.id));

    const orphans = await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM courses c LEFT JOIN topics t ON t.id = c.topic_id WHERE t.id IS NULL)
           + (SELECT count(*) FROM course_sections s LEFT JOIN courses c ON c.id = s.course_id WHERE c.id IS NULL)
           + (SELECT count(*) FROM course_subsections s LEFT JOIN course_sections p ON p.id = s.section_id WHERE p.id IS NULL)
           + (SELECT count(*) FROM quiz_questions q LEFT JOIN course_sections p ON p.id = q.section_id WHERE p.id IS NULL)
           + (SELECT count(*) FROM enrollments e LEFT JOIN courses c ON c.id = e.course_id WHERE c.id IS NULL) AS n`);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
    expect(await db.select().from(enrollments).where(eq(enrollments.userId, learner!.id))).toEqual([]);
    expect((await countCatalogue(db)).courses).toBe(expected.courses - topicCourses.length);
  });

  it("the schema refuses impossible rows", async () => {
    const db = getDb();
    const [section] = await db.select().from(courseSections).limit(1);
    const [learner] = await db.select().from(users).where(eq(users.email, TEST_LEARNER.email));
    const [course] = await db.select().from(courses).limit(1);
    await expect(
      db.insert(quizQuestions).values({
        sectionId: section!.id,
        position: 99,
        question: "Which?",
        options: ["a", "b", "c", "d"],
        correctAnswer: "e",
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(enrollments).values({ userId: learner!.id, courseId: course!.id, progress: 101 }),
    ).rejects.toThrow();
    await expect(
      db.insert(users).values({ firstName: "A", lastName: "B", email: "Mixed@Case.com" }),
    ).rejects.toThrow();
    await expect(
      db.insert(courseSubsections).values({ sectionId: section!.id, position: 0, title: "dup", content: "dup" }),
    ).rejects.toThrow();
  });
});
