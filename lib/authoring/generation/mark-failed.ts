import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { courseRequests, courses } from "../../../db/schema";
import { notifyIfCourseFailed, notifyRequestFailed } from "../../accounts";
import { recordRun } from "./log";

export type FailedJob = { queue: string; data: unknown; reason: string };

/**
 * The dead-letter step: a job that failed its last retry marks its course failed with the reason
 * (only if that run is still the live one; a learner's own course tells them in the same
 * transaction, lib/accounts/notifications), or its learner's request (planning), or logs the topic's
 * failure. Partial work stays in the
 * working copy, never in the course tables, and a retry resumes from it.
 */
export async function markGenerationFailed(db: Database, job: FailedJob): Promise<void> {
  const data = (job.data ?? {}) as Partial<{ courseId: number; topicId: number; requestId: number; attempt: number; sectionIndex: number }>;
  const reason = job.reason.slice(0, 1000);
  if (typeof data.courseId === "number" && typeof data.attempt === "number") {
    const { courseId, attempt } = data;
    const updated = await db.transaction(async (tx) => {
      const failed = await tx
        .update(courses)
        .set({ generationStatus: "failed", generationError: reason, updatedAt: sql`now()` })
        .where(and(eq(courses.id, courseId), eq(courses.generationAttempt, attempt), inArray(courses.generationStatus, ["pending", "running"])))
        .returning({ id: courses.id });
      if (failed.length) await notifyIfCourseFailed(tx, courseId);
      return failed;
    });
    if (updated.length) await recordRun(db, { courseId: data.courseId, attempt: data.attempt, sectionIndex: data.sectionIndex ?? null }, "failed", { ok: false, error: reason });
    return;
  }
  // A learner's request whose planning gave up: failed with the reason, resumable (lib/authoring/course-requests/resume.ts).
  if (typeof data.requestId === "number") {
    const { requestId } = data;
    await db.transaction(async (tx) => {
      const failed = await tx
        .update(courseRequests)
        .set({ failedAt: sql`now()`, failure: reason })
        .where(and(eq(courseRequests.id, requestId), isNull(courseRequests.courseId), isNull(courseRequests.failedAt)))
        .returning({ id: courseRequests.id });
      if (failed.length) await notifyRequestFailed(tx, requestId);
    });
  }
  if (typeof data.topicId === "number") await recordRun(db, { topicId: data.topicId, courseRequestId: data.requestId ?? null }, "failed", { ok: false, error: reason });
}
