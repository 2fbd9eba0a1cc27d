import "server-only";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, enrollments, quizAttempts, sessions } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import type { AdminUserDetails } from "./responses";
import { listAdminActionsOn } from "./audit";
import { getAdminUser } from "./list-users";

/*
 * The admin's page of one user (GET /users/{id}/overview, /admin/users/{id}; docs/product-rules.md,
 * Admin screens): the account as the users table shows it, their courses with progress, their
 * latest quiz attempts with the totals, how many sessions are open, and the admin actions taken
 * on the account. Each list reads an index whose first column is the user's id.
 */

export const RECENT_ATTEMPTS = 20;

export async function getAdminUserDetails(db: DatabaseOrTransaction, id: number): Promise<AdminUserDetails> {
  const [user, courseRows, attemptRows, [attemptTotals], [sessionRow], audit] = await Promise.all([
    // The same row the users table shows (last active, courses, two-factor): one definition.
    getAdminUser(db, id),
    db
      .select({ id: courses.id, title: courses.title, level: courses.level, progress: enrollments.progress, enrolledAt: enrollments.enrolledAt, completedAt: enrollments.completedAt })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.userId, id))
      .orderBy(desc(enrollments.enrolledAt), courses.id),
    db
      .select({ id: quizAttempts.id, courseId: quizAttempts.courseId, title: courses.title, sectionIndex: quizAttempts.sectionIndex, score: quizAttempts.score, total: quizAttempts.total, passed: quizAttempts.passed, at: quizAttempts.createdAt })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .where(eq(quizAttempts.userId, id))
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
      .limit(RECENT_ATTEMPTS),
    db
      .select({ attempted: count(), passed: sql<number>`count(*) filter (where ${quizAttempts.passed})`.mapWith(Number) })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, id)),
    db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, id), gt(sessions.expiresAt, sql`now()`))),
    listAdminActionsOn(db, id),
  ]);
  if (!user) throw new AppError("not_found", "User not found.");
  return {
    user,
    courses: courseRows.map((c) => ({
      course_id: c.id,
      title: c.title,
      level: c.level,
      progress: c.progress,
      enrolled_at: c.enrolledAt.toISOString(),
      completed_at: c.completedAt?.toISOString() ?? null,
    })),
    quiz_attempts: attemptRows.map((a) => ({
      id: a.id,
      course_id: a.courseId,
      course_title: a.title,
      section_index: a.sectionIndex,
      score: a.score,
      total: a.total,
      passed: a.passed,
      created_at: a.at.toISOString(),
    })),
    quizzes_attempted: attemptTotals?.attempted ?? 0,
    quizzes_passed: attemptTotals?.passed ?? 0,
    session_count: sessionRow?.n ?? 0,
    admin_actions: audit,
  };
}
