import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { courses, topics, type GenerationReview } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { sendJob } from "../../platform/jobs/send";
import { STILL_READING, topicReading } from "../sources/topic-reading";
import type { CourseGeneration } from "./responses";
import { generateCourseOutlineJob } from "./jobs/generate-course-outline";
import { generateTopicCoursesJob } from "./jobs/generate-topic-courses";
import { getCourseGeneration } from "./status";
import { enqueueTopicCourses } from "../../catalogue";

/*
 * What the rest of the app does to generation: queue it inside the caller's transaction (the
 * topic or course row and its job commit together, or neither does), retry a failed course or
 * topic, and plan a learner's request for a course of their own.
 */

/** How many courses a topic has (its own and learners'). */
export async function topicCourseCount(tx: DatabaseOrTransaction, topicId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(courses).where(eq(courses.topicId, topicId));
  return n;
}

const HAS_COURSES = "This topic already has its courses.";

/**
 * Creates a topic and queues its course generation in one transaction: both exist or neither.
 * A duplicate title (case-insensitive) is a 409.
 */
export async function createTopicWithGeneration(
  tx: Transaction,
  input: { title: string; description: string; createdBy: number | null; generationReview?: GenerationReview | null },
) {
  const [topic] = await tx
    .insert(topics)
    .values({ title: input.title.trim(), description: input.description, createdBy: input.createdBy, generationReview: input.generationReview ?? null })
    .onConflictDoNothing()
    .returning();
  if (!topic) throw new AppError("conflict", "A topic with this title already exists.");
  await enqueueTopicCourses(tx, topic.id);
  return topic;
}

/** (Re)starts a course's generation in the caller's transaction: a new attempt, status pending, its outline job. */
export async function enqueueCourseGeneration(tx: DatabaseOrTransaction, courseId: number): Promise<number> {
  const [course] = await tx
    .update(courses)
    .set({ generationAttempt: sql`${courses.generationAttempt} + 1`, generationStatus: "pending", generationError: null, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId))
    .returning({ attempt: courses.generationAttempt });
  if (!course) throw new AppError("not_found", "Course not found.");
  await sendJob(generateCourseOutlineJob, { courseId, attempt: course.attempt }, { tx });
  return course.attempt;
}

/** Retry a failed course (admin). Sections already generated are kept and not paid for again. */
export async function retryCourseGeneration(db: Database, courseId: number): Promise<CourseGeneration> {
  await db.transaction(async (tx) => {
    const [course] = await tx.select({ status: courses.generationStatus }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) throw new AppError("not_found", "Course not found.");
    if (course.status !== "failed") throw new AppError("conflict", "Only a course whose generation failed can be retried.");
    await enqueueCourseGeneration(tx, courseId);
  });
  return getCourseGeneration(db, courseId);
}

/** Retry a topic whose course proposals failed (admin): 409 once it has courses. */
export async function retryTopicCourses(db: Database, topicId: number): Promise<{ topic_id: number; detail: string }> {
  await db.transaction(async (tx) => {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).for("update");
    if (!topic) throw new AppError("not_found", "Topic not found.");
    if ((await topicCourseCount(tx, topicId)) > 0) throw new AppError("conflict", HAS_COURSES);
    await enqueueTopicCourses(tx, topicId);
  });
  return { topic_id: topicId, detail: "The topic's courses are being generated." };
}

/**
 * "Write the courses now" (admin) for a topic created sources first, or any topic without courses:
 * its proposals are queued from the sources ready now. 409 while a source is still being read
 * (its end queues them anyway) or once the topic has courses (docs/sources.md, "What admins see").
 */
export async function writeTopicCoursesNow(db: Database, topicId: number): Promise<{ topic_id: number; detail: string }> {
  await db.transaction(async (tx) => {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).for("no key update");
    if (!topic) throw new AppError("not_found", "Topic not found.");
    if ((await topicCourseCount(tx, topicId)) > 0) throw new AppError("conflict", HAS_COURSES);
    if ((await topicReading(tx, topicId)).reading > 0) throw new AppError("conflict", STILL_READING);
    await enqueueTopicCourses(tx, topicId);
  });
  return { topic_id: topicId, detail: "The topic's courses are being written." };
}

/**
 * Queues the planning of a learner's request (lib/authoring/course-requests/ask.ts) in the caller's
 * transaction, with the request row: its course is proposed for them, at its level and length.
 */
export async function enqueueRequestPlanning(tx: DatabaseOrTransaction, request: { requestId: number; topicId: number; userId: number; sourceId?: number }): Promise<void> {
  const { requestId, topicId, userId, sourceId } = request;
  await sendJob(generateTopicCoursesJob, { topicId, userId, requestId, ...(sourceId ? { sourceId } : {}) }, { tx });
}
