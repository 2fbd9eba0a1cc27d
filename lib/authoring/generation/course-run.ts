import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../../db/client";
import { courses, topics } from "../../../db/schema";

/* Whether a job's run of a course is still the live one: a retry bumps the attempt, and a stale job then does nothing. */

export const isActive = (status: string) => status === "pending" || status === "running";

/** The course and its topic's title, when `attempt` is its live generation run. */
export async function loadLiveCourse(db: DatabaseOrTransaction, courseId: number, attempt: number) {
  const [row] = await db
    .select({ course: courses, topicTitle: topics.title })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .where(eq(courses.id, courseId));
  return row && row.course.generationAttempt === attempt && isActive(row.course.generationStatus) ? row : undefined;
}

/** Locks the course row and says whether this run (attempt) is still the live one. */
export async function lockLiveCourse(tx: Transaction, courseId: number, attempt: number): Promise<boolean> {
  const [row] = await tx
    .select({ attempt: courses.generationAttempt, status: courses.generationStatus })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  return !!row && row.attempt === attempt && isActive(row.status);
}
