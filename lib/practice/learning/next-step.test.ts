import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, courseSubsections, enrollments, lessonReads, quizAttempts, users } from "../../../db/schema";
import { seededCourse } from "../../../tests/harness/seeded-course";
import type { CourseSummary } from "../../catalogue/courses/responses";
import { enroll } from "./enrollment";
import { chooseNextStep, loadCourseToContinue, loadOwnCourseToStart, placeToContinue, type CourseToContinue } from "./next-step";
import type { CourseShape } from "../../catalogue/course-shape/progress";
import type { LearnerProgress } from "../../catalogue/course-shape/reader-navigation";
import { updateProgress } from "./update-progress";

/* The dashboard's next step (docs/product-rules.md, "The dashboard's next step"). */

describe("placeToContinue", () => {
  const shape: CourseShape = [3, 2, 3];
  const learner = (furthestUnit: number, passed: number[] = [], progress = 0): LearnerProgress => ({ progress, furthestUnit, quizPassed: (s) => passed.includes(s) });
  const none = () => false;
  const all = () => true;

  it.each([
    ["a learner who just enrolled: the first lesson", learner(0), none, { kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 0 } }],
    ["after one Next step: the second lesson, where the reader resumes", learner(1), none, { kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 1 } }],
    ["at a section's last lesson, quiz not tried yet: that lesson", learner(2), none, { kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 2 } }],
    ["at a section's last lesson, quiz tried and missed: the quiz", learner(2), (s: number) => s === 0, { kind: "quiz", sectionIndex: 0 }],
    ["quiz passed: the next section's first lesson", learner(2, [0]), all, { kind: "lesson", position: { sectionIndex: 1, subsectionIndex: 0 } }],
    ["inside a section, a quiz tried elsewhere does not matter", learner(4, [0]), all, { kind: "lesson", position: { sectionIndex: 1, subsectionIndex: 0 } }],
  ] as const)("%s", (_, who, tried, expected) => {
    expect(placeToContinue(shape, who, tried, all)).toEqual(expected);
  });

  it("a quiz whose questions are not in yet leaves the learner on the lesson", () => {
    expect(placeToContinue(shape, learner(2), all, none)).toEqual({ kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 2 } });
  });

  it("a course with nothing written yet: the course itself", () => {
    expect(placeToContinue([], learner(0), none, all)).toEqual({ kind: "course" });
  });
});

describe("chooseNextStep", () => {
  const course = (id: number, generation_status: CourseSummary["generation_status"] = "done"): CourseSummary => ({
    id,
    topic_id: 1,
    course_title: `Course ${id}`,
    course_description: "",
    course_level: "Beginner",
    duration: 1,
    duration_minutes: 45,
    is_detail_created_by_ai: generation_status === "done",
    generation_status,
    course_progress: 0,
  });
  const underWay = { courseId: 9 } as CourseToContinue;

  it("a course under way wins over every recommendation", () => {
    expect(chooseNextStep(underWay, [course(1)])).toEqual({ kind: "continue", course: underWay });
  });

  it("a new learner starts the best recommended course, passing over one whose generation failed", () => {
    expect(chooseNextStep(null, [course(1, "failed"), course(2), course(3)])).toEqual({ kind: "start", course: course(2) });
  });

  it("the learner's own unread course comes first, before a course under way", () => {
    expect(chooseNextStep(underWay, [course(1)], course(5))).toEqual({ kind: "start", course: course(5), own: true });
  });

  it("nothing to continue or recommend: explore the topics", () => {
    expect(chooseNextStep(null, [])).toEqual({ kind: "explore" });
    expect(chooseNextStep(null, [course(1, "failed")])).toEqual({ kind: "explore" });
  });
});

describe("the learner's own course to start", () => {
  it("is their course once its first section can be read, until they open it; meanwhile it is not a course under way", async () => {
    const db = getDb();
    const [user] = await db.insert(users).values({ firstName: "Own", lastName: "Course", email: `own-${process.pid}-${Date.now()}@example.com`, role: "user", emailVerified: true }).returning();
    const [{ topicId }] = (await db.select({ topicId: courses.topicId }).from(courses).limit(1)) as [{ topicId: number }];
    const [own] = await db.insert(courses).values({ topicId, title: `Own ${user!.id}`, level: "Beginner", requestedBy: user!.id, generationStatus: "running" }).returning();
    await db.insert(enrollments).values({ userId: user!.id, courseId: own!.id });
    // Planned, nothing readable yet: not the step, and not "under way" either.
    expect(await loadOwnCourseToStart(getDb(), user!.id)).toBeNull();
    expect(await loadCourseToContinue(getDb(), user!.id)).toBeNull();
    const [section] = await db.insert(courseSections).values({ courseId: own!.id, position: 0, title: "Part 1" }).returning();
    await db.insert(courseSubsections).values({ sectionId: section!.id, position: 0, title: "Lesson 1", content: "Hello." });
    expect((await loadOwnCourseToStart(getDb(), user!.id))?.id).toBe(own!.id);
    // Opened in the reader: now it is a course under way like any.
    await db.insert(lessonReads).values({ userId: user!.id, courseId: own!.id, sectionIndex: 0, subsectionIndex: 0 });
    expect(await loadOwnCourseToStart(getDb(), user!.id)).toBeNull();
    expect((await loadCourseToContinue(getDb(), user!.id))?.courseId).toBe(own!.id);
  });
});

describe("loadCourseToContinue (on the seeded catalogue)", () => {
  let python: { courseId: number; shape: number[] };
  let sqlCourse: { courseId: number; shape: number[] };
  let n = 0;

  beforeAll(async () => {
    python = await seededCourse("Python Basics");
    sqlCourse = await seededCourse("SQL Essentials");
  });

  async function newLearner() {
    const [user] = await getDb()
      .insert(users)
      .values({ firstName: "Next", lastName: `Step${++n}`, email: `next-step-${process.pid}-${Date.now()}-${n}@example.com`, role: "user", emailVerified: true })
      .returning();
    return user!.id;
  }
  const enrolIn = (userId: number, courseId: number) => enroll(getDb(), { id: userId, role: "user" }, userId, courseId);
  /** Makes one enrolment look active `minutesAgo` (enrolling and Next both set updated_at to now). */
  const activeAgo = (userId: number, courseId: number, minutesAgo: number) =>
    getDb()
      .update(enrollments)
      .set({ updatedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  const step = (shape: number[]) => Math.round(90 / shape.reduce((a, b) => a + b, 0));

  it("a learner with no enrolment has nothing to continue", async () => {
    expect(await loadCourseToContinue(getDb(), await newLearner())).toBeNull();
  });

  it("right after enrolling: the course's first lesson, with its section and lesson titles", async () => {
    const userId = await newLearner();
    await enrolIn(userId, python.courseId);
    const [title] = await getDb().select({ title: courses.title, minutes: courses.durationMinutes }).from(courses).where(eq(courses.id, python.courseId));
    expect(await loadCourseToContinue(getDb(), userId)).toEqual({
      courseId: python.courseId,
      courseTitle: title!.title,
      progress: 0,
      sectionCount: python.shape.length,
      place: { kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 0 } },
      sectionIndex: 0,
      sectionTitle: "Variables and Types",
      lessonTitle: "Running Python and Your First Program",
      // Nothing read yet: the whole course is left, the course's own estimate.
      minutesLeft: title!.minutes,
    });
  });

  it("the most recently active course under way wins, and a Next step in another course moves it ahead", async () => {
    const userId = await newLearner();
    await enrolIn(userId, python.courseId);
    await enrolIn(userId, sqlCourse.courseId);
    await activeAgo(userId, python.courseId, 5);
    await activeAgo(userId, sqlCourse.courseId, 60);
    expect((await loadCourseToContinue(getDb(), userId))?.courseId).toBe(python.courseId);

    // Next onto SQL Essentials' second lesson: that course is now the latest, and Continue opens that lesson.
    await updateProgress(getDb(), userId, sqlCourse.courseId, step(sqlCourse.shape), { sectionIndex: 0, subsectionIndex: 1 });
    const next = await loadCourseToContinue(getDb(), userId);
    expect(next?.courseId).toBe(sqlCourse.courseId);
    expect(next?.place).toEqual({ kind: "lesson", position: { sectionIndex: 0, subsectionIndex: 1 } });
    // The lesson read no longer counts in the minutes left.
    const [sql0] = await getDb().select({ minutes: courses.durationMinutes }).from(courses).where(eq(courses.id, sqlCourse.courseId));
    expect(next!.minutesLeft).toBeGreaterThan(0);
    expect(next!.minutesLeft).toBeLessThan(sql0!.minutes);
  });

  it("a finished course is never the one to continue", async () => {
    const userId = await newLearner();
    await enrolIn(userId, python.courseId);
    await enrolIn(userId, sqlCourse.courseId);
    await activeAgo(userId, python.courseId, 60);
    await getDb()
      .update(enrollments)
      .set({ progress: 100, completedAt: sql`now()` })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, sqlCourse.courseId)));
    expect((await loadCourseToContinue(getDb(), userId))?.courseId).toBe(python.courseId);

    await getDb()
      .update(enrollments)
      .set({ progress: 100, completedAt: sql`now()` })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, python.courseId)));
    expect(await loadCourseToContinue(getDb(), userId)).toBeNull();
  });

  it("read to a section's end and missed its quiz: the quiz; passed it: the next section's first lesson", async () => {
    const userId = await newLearner();
    await enrolIn(userId, python.courseId);
    const last = python.shape[0]! - 1;
    for (let sub = 1; sub <= last; sub++) await updateProgress(getDb(), userId, python.courseId, sub * step(python.shape), { sectionIndex: 0, subsectionIndex: sub });
    expect((await loadCourseToContinue(getDb(), userId))?.place).toEqual({ kind: "lesson", position: { sectionIndex: 0, subsectionIndex: last } });

    await getDb().insert(quizAttempts).values({ userId, courseId: python.courseId, sectionIndex: 0, score: 3, total: 5, passed: false });
    const atQuiz = await loadCourseToContinue(getDb(), userId);
    expect(atQuiz).toMatchObject({ place: { kind: "quiz", sectionIndex: 0 }, sectionIndex: 0, sectionTitle: "Variables and Types", lessonTitle: null });

    await getDb().insert(quizAttempts).values({ userId, courseId: python.courseId, sectionIndex: 0, score: 5, total: 5, passed: true });
    expect(await loadCourseToContinue(getDb(), userId)).toMatchObject({ place: { kind: "lesson", position: { sectionIndex: 1, subsectionIndex: 0 } }, sectionIndex: 1, sectionTitle: "Control Flow" });
  });
});
