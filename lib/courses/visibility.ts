import { isNull, or, eq, type SQL } from "drizzle-orm";
import { courses, type UserRole } from "../../db/schema";
import { AppError } from "../http/app-error";

/*
 * A course written for one learner (courses.requested_by) is theirs: only they and admins see it,
 * in topic lists, recommendations, the reader and its generation status. Everyone else, visitors
 * included, sees the catalogue alone.
 */

/** Who is looking: a signed-in user, or nobody (a visitor). */
export type Viewer = { id: number; role: UserRole } | null;

export const COURSE_NOT_FOUND = "Course not found.";

/** Whether this viewer may see a course requested by `requestedBy` (null: a catalogue course). */
export function canSeeCourse(viewer: Viewer, requestedBy: number | null): boolean {
  return requestedBy === null || viewer?.role === "admin" || viewer?.id === requestedBy;
}

/** The same rule as a WHERE condition on courses (undefined: every course). */
export function visibleCourses(viewer: Viewer): SQL | undefined {
  if (viewer?.role === "admin") return undefined;
  return viewer ? or(isNull(courses.requestedBy), eq(courses.requestedBy, viewer.id)) : isNull(courses.requestedBy);
}

/** 404, exactly as for a course that does not exist: someone else's course is not confirmed to exist. */
export function assertCanSeeCourse(viewer: Viewer, requestedBy: number | null): void {
  if (!canSeeCourse(viewer, requestedBy)) throw new AppError("not_found", COURSE_NOT_FOUND);
}
