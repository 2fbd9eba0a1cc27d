import { and, isNull, or, eq, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, type CoursePublication, type UserRole } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { courseServed, isServed } from "../publication/served";

/*
 * A course written for one learner (courses.requested_by) is theirs: only they and admins see it,
 * in topic lists, recommendations, the reader and its generation status. Everyone else, visitors
 * included, sees the catalogue alone. A course that is not published (a draft waiting for review,
 * or paused by an admin) is seen by admins only (docs/product-rules.md, "Review and publication").
 */

/** Who is looking: a signed-in user, or nobody (a visitor). */
export type Viewer = { id: number; role: UserRole } | null;

/** What decides who sees a course. */
export type CourseAudience = { requestedBy: number | null; publication: CoursePublication };

export const COURSE_NOT_FOUND = "Course not found.";

/** Whose course it is, whatever its state: the catalogue's is everyone's, a personal one its learner's (and admins'). */
export function inCourseAudience(viewer: Viewer, requestedBy: number | null): boolean {
  return viewer?.role === "admin" || requestedBy === null || viewer?.id === requestedBy;
}

/** Whether this viewer may see a course (its owner and state). */
export function canSeeCourse(viewer: Viewer, course: CourseAudience): boolean {
  return viewer?.role === "admin" || (isServed(course.publication) && inCourseAudience(viewer, course.requestedBy));
}

/** The same rule as a WHERE condition on courses (undefined: every course). */
export function visibleCourses(viewer: Viewer): SQL | undefined {
  if (viewer?.role === "admin") return undefined;
  return and(courseServed, viewer ? or(isNull(courses.requestedBy), eq(courses.requestedBy, viewer.id)) : isNull(courses.requestedBy));
}

/** 404, exactly as for a course that does not exist: someone else's course, or a draft, is not confirmed to exist. */
export function assertCanSeeCourse(viewer: Viewer, course: CourseAudience): void {
  if (!canSeeCourse(viewer, course)) throw new AppError("not_found", COURSE_NOT_FOUND);
}

/** The same 404 for a course known by its id: reads only what decides who sees it. */
export async function assertCanSeeCourseById(db: DatabaseOrTransaction, viewer: Viewer, courseId: number): Promise<void> {
  const [course] = await db.select({ requestedBy: courses.requestedBy, publication: courses.publication }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
  assertCanSeeCourse(viewer, course);
}
