import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { courseRequests } from "../../../db/schema";
import { enqueueCourseGeneration, enqueueRequestPlanning } from "../generation/commands";
import { AppError } from "../../platform/http/app-error";
import type { CourseRequestView } from "./responses";
import { assertNoneUnderWay, lockLearner } from "./ask";
import { assertServerCapLeft } from "./cap";
import { REQUEST_NOT_FOUND, requestView } from "./view";
import { COURSE_WRITING_OFF, courseWritingOn } from "./writing-off";

/*
 * POST /course-requests/{id}/resume (docs/product-rules.md, "Course requests"): a failed
 * request carries on from where it stopped: its planning again, or its course's generation again
 * (the sections and lessons already written are kept, lib/authoring/generation/commands.ts). It is the same
 * request, so it uses none of the day's requests; its calls still count toward the server's cap,
 * and it waits its turn like a new request when another course of the learner's is being written.
 */

export async function resumeRequest(db: Database, userId: number, requestId: number): Promise<CourseRequestView> {
  // Someone else's request is a 404 first: a refusal for any other reason would confirm it exists.
  await requestView(db, userId, requestId);
  if (!courseWritingOn()) throw new AppError("conflict", COURSE_WRITING_OFF);
  await db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const [request] = await tx.select().from(courseRequests).where(and(eq(courseRequests.id, requestId), eq(courseRequests.userId, userId)));
    if (!request) throw new AppError("not_found", REQUEST_NOT_FOUND);
    const view = await requestView(tx, userId, requestId);
    if (view.state !== "failed") throw new AppError("conflict", "Only a request whose writing stopped can be resumed.");
    await assertNoneUnderWay(tx, userId);
    await assertServerCapLeft(tx);
    await tx.update(courseRequests).set({ failedAt: null, failure: null, startedAt: sql`now()` }).where(eq(courseRequests.id, requestId));
    if (request.courseId !== null) await enqueueCourseGeneration(tx, request.courseId);
    else await enqueueRequestPlanning(tx, { requestId, topicId: request.topicId, userId, sourceId: request.sourceId ?? undefined });
  });
  return requestView(db, userId, requestId);
}
