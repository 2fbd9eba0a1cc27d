import "server-only";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, preparedQuery } from "../../db/client";
import { courses, enrollments, users } from "../../db/schema";
import { AppError } from "../http/app-error";
import { toCourseSummary, type CourseSummary } from "../courses/serialize";
import { assertCanSeeCourse, COURSE_NOT_FOUND, type Viewer } from "../courses/visibility";
import { clampPage, type Page } from "../pagination";

const courseColumns = {
  id: courses.id,
  topicId: courses.topicId,
  title: courses.title,
  description: courses.description,
  level: courses.level,
  durationHours: courses.durationHours,
  isDetailCreatedByAi: courses.isDetailCreatedByAi,
  generationStatus: courses.generationStatus,
};

/**
 * POST /enroll: idempotent; enrolling twice creates nothing new and is not an error. The course
 * must be one `viewer` (the caller: the learner, or an admin enrolling them) may see.
 */
export async function enroll(viewer: Viewer, userId: number, courseId: number): Promise<{ message: string; enrolled: boolean; course_progress: number }> {
  const db = getDb();
  const [course] = await db.select({ id: courses.id, requestedBy: courses.requestedBy }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
  assertCanSeeCourse(viewer, course.requestedBy);
  // An admin may name any user_id: one that does not exist is a 404, not a foreign-key failure.
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "User not found.");
  const inserted = await db.insert(enrollments).values({ userId, courseId }).onConflictDoNothing().returning({ progress: enrollments.progress });
  if (inserted[0]) return { message: "Enrolled successfully.", enrolled: true, course_progress: 0 };
  const [existing] = await db
    .select({ progress: enrollments.progress })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return { message: "Already enrolled.", enrolled: false, course_progress: existing?.progress ?? 0 };
}

// Most recently active first; the course id breaks ties so pages never overlap or skip a course.
const myCoursesOrder = [desc(enrollments.updatedAt), desc(enrollments.enrolledAt), desc(enrollments.courseId)];

function selectMyCourses(userId: number, onlyOngoing = false) {
  return getDb()
    .select({ ...courseColumns, progress: enrollments.progress })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(onlyOngoing ? and(eq(enrollments.userId, userId), isNull(enrollments.completedAt)) : eq(enrollments.userId, userId))
    .orderBy(...myCoursesOrder)
    .$dynamic();
}

const myCoursesOf = preparedQuery((db) =>
  db
    .select({ ...courseColumns, progress: enrollments.progress })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, sql.placeholder("userId")))
    .orderBy(...myCoursesOrder)
    .prepare("my_courses_of"),
);

/** GET /mycourses: the learner's enrolments, most recently active first, with progress. */
export async function listMyCourses(userId: number): Promise<CourseSummary[]> {
  const rows = await myCoursesOf().execute({ userId });
  return rows.map((r) => toCourseSummary(r, r.progress));
}

/** My Enrolled Courses: one page of the learner's enrolments, counted and cut in SQL. */
export async function listMyCoursesPage(userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  const [row] = await getDb().select({ n: count() }).from(enrollments).where(eq(enrollments.userId, userId));
  const total = row?.n ?? 0;
  const { page, totalPages } = clampPage(requestedPage, total, pageSize);
  const rows = total === 0 ? [] : await selectMyCourses(userId).limit(pageSize).offset((page - 1) * pageSize);
  return { items: rows.map((r) => toCourseSummary(r, r.progress)), page, totalPages, total };
}

/** My Learning, Ongoing: the enrolments not finished yet, most recently active first. */
export async function listOngoingCourses(userId: number): Promise<CourseSummary[]> {
  const rows = await selectMyCourses(userId, true);
  return rows.map((r) => toCourseSummary(r, r.progress));
}

export type CompletedCourse = CourseSummary & { completed_at: string };

/** GET /users/{id}/completed-courses: courses finished at 100%, newest first. */
export async function listCompletedCourses(userId: number): Promise<CompletedCourse[]> {
  const rows = await getDb()
    .select({ ...courseColumns, progress: enrollments.progress, completedAt: enrollments.completedAt })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), isNotNull(enrollments.completedAt)))
    .orderBy(desc(enrollments.completedAt));
  return rows.map((r) => ({ ...toCourseSummary(r, r.progress), completed_at: r.completedAt!.toISOString() }));
}
