import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { courseRequests, courses, topics, userTopics } from "../../../db/schema";
import { enqueueRequestPlanning } from "../generation/commands";
import { suggestedLevels } from "../generation/personalise";
import { AppError } from "../../platform/http/app-error";
import { assertOwnReadySource } from "../sources/course-sources";
import type { GenerateCourseInput } from "./schemas";
import type { CourseRequestView } from "./responses";
import { assertServerCapLeft } from "./cap";
import { assertQuotaLeft, quotaOf } from "./quota";
import { topicForSubject } from "./subject-topic";
import { requestsUnderWay, requestView } from "./view";
import { COURSE_WRITING_OFF, courseWritingOn } from "./writing-off";

/*
 * POST /courses/generate (docs/product-rules.md, "Course requests"): one transaction takes the
 * learner's row lock, checks that none of their courses is being written, counts the day's
 * requests and the server's cap, and inserts the request with its planning job. Two calls at once
 * (from two tabs, two addresses) queue on the lock: the second sees the first's request and is
 * refused with when it should be ready. Nothing is stored for a refused call.
 */

export const ASKED = "Your course is being planned. Follow it here: its sections appear as they are written.";

/** A learner's requests, one at a time: the second waits for the first's transaction on this lock. */
export async function lockLearner(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** 409 while a course of the learner's is being planned or written, saying when it should be ready. */
export async function assertNoneUnderWay(tx: Transaction, userId: number): Promise<void> {
  const [under] = await requestsUnderWay(tx, userId);
  if (under) {
    const what = under.course_title ? `"${under.course_title}"` : `on ${under.subject}`;
    const when = under.ready_in_minutes ? `; it should be ready in about ${under.ready_in_minutes} min` : "";
    throw new AppError("conflict", `Your course ${what} is still being written${when}. You can ask for another once it is ready.`);
  }
  // A personal course being written without a request row (an admin's retry, or one from before requests were kept).
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(and(eq(courses.requestedBy, userId), sql`${courses.generationStatus} in ('pending', 'running')`, eq(courses.isDetailCreatedByAi, false)));
  if (n > 0) throw new AppError("conflict", "A course is already being written for you. You can ask for another once it is ready.");
}

/** The catalogue topic a request names: it must be one of the learner's interests. */
async function chosenTopic(tx: Transaction, userId: number, topicId: number): Promise<number> {
  const [topic] = await tx.select({ id: topics.id }).from(topics).where(and(eq(topics.id, topicId), eq(topics.learnerSubject, false)));
  if (!topic) throw new AppError("not_found", "Topic not found.");
  const [chosen] = await tx.select({ topicId: userTopics.topicId }).from(userTopics).where(and(eq(userTopics.userId, userId), eq(userTopics.topicId, topicId)));
  if (!chosen) throw new AppError("invalid", "Choose this topic as an interest first.");
  return topicId;
}

export async function askForCourse(db: Database, userId: number, input: GenerateCourseInput): Promise<{ topic_id: number; detail: string; request: CourseRequestView }> {
  // Without a model nothing could write it: refused before anything counts.
  if (!courseWritingOn()) throw new AppError("conflict", COURSE_WRITING_OFF);
  // Someone else's source is a 404, one not yet read a 409: checked before the request counts.
  if (input.source_id !== undefined) await assertOwnReadySource(db, userId, input.source_id);
  const { requestId, topicId } = await db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const topicId = input.topic_id !== undefined ? await chosenTopic(tx, userId, input.topic_id) : null;
    await assertNoneUnderWay(tx, userId);
    assertQuotaLeft(await quotaOf(tx, userId));
    await assertServerCapLeft(tx);
    const topic = topicId ?? (await topicForSubject(tx, userId, input.subject!));
    const level = input.level ?? (await suggestedLevels(tx, userId)).get(topic) ?? "Beginner";
    const [request] = await tx
      .insert(courseRequests)
      .values({ userId, topicId: topic, subject: input.subject ?? null, level, length: input.length ?? "standard", sourceId: input.source_id ?? null })
      .returning({ id: courseRequests.id });
    await enqueueRequestPlanning(tx, { requestId: request!.id, topicId: topic, userId, sourceId: input.source_id });
    return { requestId: request!.id, topicId: topic };
  });
  return { topic_id: topicId, detail: ASKED, request: await requestView(db, userId, requestId) };
}
