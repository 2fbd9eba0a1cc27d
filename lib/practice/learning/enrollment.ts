import "server-only";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { preparedQuery, type DatabaseOrTransaction } from "../../../db/client";
import { courses, enrollments, users } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { toCourseSummary, assertCanSeeCourse, COURSE_NOT_FOUND, type Viewer, courseListed } from "../../catalogue";
import { countedSlice, loadPage, type Page, type ListRange, type Slice } from "../../platform/pagination";
import type { EnrollResponse } from "./responses";
import type { CompletedCourse, CourseSummary } from "../../catalogue";

const courseColumns = {
  id: courses.id,
  topicId: courses.topicId,
  title: courses.title,
  description: courses.description,
  level: courses.level,
  durationMinutes: courses.durationMinutes,
  isDetailCreatedByAi: courses.isDetailCreatedByAi,
  generationStatus: courses.generationStatus,
  publication: courses.publication,
};

/** What a learner is told for an action that needs them enrolled in the course (reading on, a quiz, the tutor). */
export const NOT_ENROLLED = "Enrol in this course first.";

/**
 * POST /enroll: idempotent; enrolling twice creates nothing new and is not an error. The course
 * must be one `viewer` (the caller: the learner, or an admin enrolling them) may see.
 */
export async function enroll(db: DatabaseOrTransaction, viewer: Viewer, userId: number, courseId: number): Promise<EnrollResponse> {
  const [course] = await db.select({ id: courses.id, requestedBy: courses.requestedBy, publication: courses.publication }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
  assertCanSeeCourse(viewer, course);
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

/** Beside each row of a slice: how many rows the whole list has (lib/platform/pagination.ts countedSlice). */
const listLength = sql<number>`count(*) over ()`.mapWith(Number);

function selectMyCourses(db: DatabaseOrTransaction, userId: number, onlyOngoing = false) {
  return db
    .select({ ...courseColumns, progress: enrollments.progress })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), courseListed, onlyOngoing ? isNull(enrollments.completedAt) : undefined))
    .orderBy(...myCoursesOrder)
    .$dynamic();
}

// GET /mycourses is one of the hottest reads: prepared once per connection (db/client.ts preparedQuery).
const myCoursesSliceOf = preparedQuery((db) =>
  db
    .select({ ...courseColumns, progress: enrollments.progress, total: listLength })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, sql.placeholder("userId")), courseListed))
    .orderBy(...myCoursesOrder)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("my_courses_slice"),
);

async function countMyCourses(db: DatabaseOrTransaction, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), courseListed));
  return row?.n ?? 0;
}

/** Every enrolment of the learner, most recently active first, with progress. */
export async function listMyCourses(db: DatabaseOrTransaction, userId: number): Promise<CourseSummary[]> {
  const rows = await selectMyCourses(db, userId);
  return rows.map((r) => toCourseSummary(r, r.progress));
}

/** GET /mycourses: part of the learner's enrolments in listMyCourses' order, cut and counted in SQL. */
export async function listMyCoursesRange(db: DatabaseOrTransaction, userId: number, range: ListRange): Promise<Slice<CourseSummary>> {
  const rows = await myCoursesSliceOf(db).execute({ userId, ...range });
  return countedSlice(rows, range, (r) => toCourseSummary(r, r.progress), () => countMyCourses(db, userId));
}

/** My Enrolled Courses: one page of the learner's enrolments (clamped to the last page). */
export async function listMyCoursesPage(db: DatabaseOrTransaction, userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  return loadPage(requestedPage, pageSize, (range) => listMyCoursesRange(db, userId, range));
}

/** My Learning, Ongoing: the enrolments not finished yet, most recently active first. */
export async function listOngoingCourses(db: DatabaseOrTransaction, userId: number): Promise<CourseSummary[]> {
  const rows = await selectMyCourses(db, userId, true);
  return rows.map((r) => toCourseSummary(r, r.progress));
}

/** The dashboard's My Learning row: the first `limit` courses under way (finished ones are under Completed Courses). */
export async function listOngoingCoursesRow(db: DatabaseOrTransaction, userId: number, limit: number): Promise<CourseSummary[]> {
  const rows = await selectMyCourses(db, userId, true).limit(limit);
  return rows.map((r) => toCourseSummary(r, r.progress));
}

// A draft is in none of a learner's lists (docs/product-rules.md, "Review and publication"); a paused course shows as paused.
const completed = (userId: number) => and(eq(enrollments.userId, userId), isNotNull(enrollments.completedAt), courseListed);

// Newest first; the course id breaks ties (two completions in one instant) so pages never overlap or skip one.
const completedOrder = [desc(enrollments.completedAt), desc(enrollments.courseId)];

const completedColumns = { ...courseColumns, progress: enrollments.progress, completedAt: enrollments.completedAt };

type CompletedRow = Parameters<typeof toCourseSummary>[0] & { progress: number; completedAt: Date | null };

const toCompletedCourse = (r: CompletedRow): CompletedCourse => ({
  ...toCourseSummary(r, r.progress),
  completed_at: r.completedAt!.toISOString(),
});

/** Courses the learner finished at 100%, newest first. */
export async function listCompletedCourses(db: DatabaseOrTransaction, userId: number): Promise<CompletedCourse[]> {
  const rows = await db
    .select(completedColumns)
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(completed(userId))
    .orderBy(...completedOrder);
  return rows.map(toCompletedCourse);
}

/** GET /users/{id}/completed-courses: part of listCompletedCourses, cut and counted in SQL. */
export async function listCompletedCoursesRange(db: DatabaseOrTransaction, userId: number, range: ListRange): Promise<Slice<CompletedCourse>> {
  const rows = await db
    .select({ ...completedColumns, total: listLength })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(completed(userId))
    .orderBy(...completedOrder)
    .limit(range.limit)
    .offset(range.offset);
  return countedSlice(rows, range, toCompletedCourse, async () => {
    const [row] = await db.select({ n: count() }).from(enrollments).innerJoin(courses, eq(courses.id, enrollments.courseId)).where(completed(userId));
    return row?.n ?? 0;
  });
}
