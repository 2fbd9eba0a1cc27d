import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { courseRequests, courses, courseSections, topics } from "../../../db/schema";
import { emailCourseReady } from "./course-ready-email";
import { clip } from "./kinds";
import { notify } from "./notify";

/*
 * The notifications of a learner's own course (docs/product-rules.md, "Notifications"), each
 * written in the transaction that writes the course's state it tells of. Once per generation
 * attempt: a job run twice finds its event noticed; a course written again (a new attempt) is
 * news again.
 */

async function personalCourse(tx: Transaction, courseId: number) {
  const [course] = await tx
    .select({ id: courses.id, title: courses.title, topicId: courses.topicId, userId: courses.requestedBy, attempt: courses.generationAttempt, status: courses.generationStatus, publication: courses.publication })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course?.userId ? { ...course, userId: course.userId } : null;
}

/**
 * "Your course is ready" when learners can read it: written (generation done), published, and no
 * section waiting for review. Called wherever one of those becomes true (the last section written,
 * an admin's approval); it notices nothing until all three are.
 */
export async function notifyIfCourseReady(tx: Transaction, courseId: number): Promise<void> {
  const course = await personalCourse(tx, courseId);
  if (!course || course.status !== "done" || course.publication !== "published") return;
  const [waiting] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courseSections)
    .where(and(eq(courseSections.courseId, courseId), isNull(courseSections.publishedAt)));
  if (waiting?.n) return;
  const fresh = await notify(tx, [
    { userId: course.userId, kind: "course_ready", payload: { course_id: course.id, course_title: clip(course.title) }, eventKey: `course_ready:${course.id}:${course.attempt}` },
  ]);
  if (fresh.length) await emailCourseReady(tx, course.userId, { id: course.id, title: course.title });
}

/** "Your course failed", with the way back to its request card. */
export async function notifyIfCourseFailed(tx: Transaction, courseId: number): Promise<void> {
  const course = await personalCourse(tx, courseId);
  if (!course || course.status !== "failed") return;
  await notify(tx, [
    {
      userId: course.userId,
      kind: "course_failed",
      payload: { course_id: course.id, course_title: clip(course.title), topic_id: course.topicId },
      eventKey: `course_failed:${course.id}:${course.attempt}`,
    },
  ]);
}

/**
 * "Planning your course failed": a request that gave up before it had a course. Once per failure:
 * a resumed request that fails again is news again (its failure time names the event).
 */
export async function notifyRequestFailed(tx: Transaction, requestId: number): Promise<void> {
  const [request] = await tx
    .select({ userId: courseRequests.userId, subject: sql<string>`coalesce(${courseRequests.subject}, ${topics.title})`, failedAt: courseRequests.failedAt })
    .from(courseRequests)
    .innerJoin(topics, eq(topics.id, courseRequests.topicId))
    .where(eq(courseRequests.id, requestId));
  if (!request?.failedAt) return;
  await notify(tx, [
    {
      userId: request.userId,
      kind: "request_failed",
      payload: { request_id: requestId, subject: clip(request.subject) },
      eventKey: `request_failed:${requestId}:${request.failedAt.getTime()}`,
    },
  ]);
}
