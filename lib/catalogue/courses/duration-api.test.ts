import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, topics } from "../../../db/schema";
import { loadCatalogue } from "../../../db/seed/catalogue";
import { call, createUser } from "../../../tests/harness/http";
import { seededCourse } from "../../../tests/harness/seeded-course";
import { durationHours, estimateCourseMinutes, QUIZ_MINUTES } from "./duration";
import { backfillCourseDurations } from "./store-duration";

type Summary = { course_title: string; duration: number; duration_minutes: number };

const catalogue = loadCatalogue();

describe("course durations estimated from their content", () => {
  it("every seeded course's duration in the API is the estimate of its catalogue content", async () => {
    const res = await call("GET /topics");
    expect(res.status).toBe(200);
    const listed: Summary[] = res.body.flatMap((t: { courses: Summary[] }) => t.courses);
    expect(listed.length).toBeGreaterThan(0);
    for (const course of listed) {
      const source = catalogue.courses.find((c) => c.title === course.course_title)!;
      const minutes = estimateCourseMinutes(source.sections.map((s) => ({ subsections: s.subsections.map((sub) => ({ content: sub.content.trim() })) })));
      expect({ title: course.course_title, minutes: course.duration_minutes, hours: course.duration }).toEqual({
        title: source.title,
        minutes,
        hours: durationHours(minutes),
      });
      // No seeded course is the old fixed 40 hours.
      expect(course.duration).toBeLessThan(40);
    }
  });

  it("the course's lessons and quizzes add up to its duration", async () => {
    const { courseId } = await seededCourse();
    const learner = await createUser();
    const res = await call("GET /courses/:id", { token: learner.token, params: { id: String(courseId) } });
    expect(res.status).toBe(200);
    const sections: { subsections: { content: string | null; minutes: number }[] }[] = res.body.sections;
    // Locked content stays locked; its reading time is given.
    expect(sections.flatMap((s) => s.subsections).every((sub) => sub.content === null && sub.minutes > 0)).toBe(true);
    const total = sections.reduce((sum, s) => sum + QUIZ_MINUTES + s.subsections.reduce((a, sub) => a + sub.minutes, 0), 0);
    expect(res.body.duration_minutes).toBe(total);
  });

  it("back-fills courses stored before the estimate, and leaves courses with nothing written at 0", async () => {
    const db = getDb();
    const { courseId } = await seededCourse();
    const [before] = await db.select({ minutes: courses.durationMinutes, topicId: courses.topicId }).from(courses).where(eq(courses.id, courseId));
    await db.update(courses).set({ durationMinutes: 0 }).where(eq(courses.id, courseId));
    const [empty] = await db.insert(courses).values({ topicId: before!.topicId, title: "Nothing written yet", level: "Advanced" }).returning({ id: courses.id });

    expect(await backfillCourseDurations(db)).toBe(1);
    const minutesOf = async (id: number) => (await db.select({ m: courses.durationMinutes }).from(courses).where(eq(courses.id, id)))[0]!.m;
    expect(await minutesOf(courseId)).toBe(before!.minutes);
    expect(await minutesOf(empty!.id)).toBe(0);
    expect(await backfillCourseDurations(db)).toBe(0);

    const res = await call("GET /topics/:id/courses", { params: { id: String(before!.topicId) } });
    const listed: Summary[] = res.body.courses;
    expect(listed.find((c) => c.course_title === "Nothing written yet")).toMatchObject({ duration: 0, duration_minutes: 0 });
    await db.delete(courses).where(eq(courses.id, empty!.id));
    expect((await db.select().from(topics).where(eq(topics.id, before!.topicId))).length).toBe(1);
  });
});
