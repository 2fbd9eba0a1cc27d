import "server-only";
import { and, eq } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { learnerGoals, users } from "../../../db/schema";
import { enqueueEmail } from "../mail/enqueue";
import { unsubscribeToken } from "../unsubscribe";
import { clip } from "./kinds";

/**
 * The "course ready" e-mail, for a learner who turned it on in My Account (off by default), queued
 * in the transaction of the notification it goes with (lib/accounts/mail/enqueue.ts), so it goes once too.
 */
export async function emailCourseReady(tx: Transaction, userId: number, course: { id: number; title: string }): Promise<void> {
  const [learner] = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(learnerGoals, eq(learnerGoals.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(learnerGoals.courseReadyEmail, true)));
  if (!learner) return;
  await enqueueEmail(tx, { kind: "course-ready", to: learner.email, userId, courseId: course.id, courseTitle: clip(course.title), token: unsubscribeToken(userId, "course-ready") });
}
