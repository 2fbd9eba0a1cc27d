import "server-only";
import type { CoursePublication, UserRole } from "../../../db/schema";
import { COURSE_NOT_FOUND } from "../courses/visibility";
import { AppError } from "../../platform/http/app-error";
import { PAUSED, servedSections } from "./served";

type Section = Parameters<typeof servedSections>[0][number];
type Loaded<S extends Section> = { requestedBy: number | null; publication: CoursePublication; sections: S[] };
type Seen<C, S> = Omit<C, "sections"> & { paused: boolean; sections: (S & { inReview: boolean })[] };

/**
 * A loaded course (lib/catalogue/courses/course-content.ts) as this caller may use it, the one gate of the
 * reader, quizzes, the tutor and progress (docs/product-rules.md, "Review and publication"):
 * - a draft, and someone else's personal course the caller is not enrolled in: 404, as a course
 *   that does not exist;
 * - a paused course: 404 to whoever is not enrolled; its learners get it as `paused` (titles,
 *   no content; `usable` refuses with 409);
 * - unpublished sections: titles only, as a section still being written.
 * Admins get everything as it is.
 */
export function learnerCourse<S extends Section, C extends Loaded<S>>(caller: { id: number; role: UserRole }, course: C & Loaded<S>, enrolled: boolean): Seen<C, S> {
  if (caller.role === "admin") return { ...course, paused: false, sections: course.sections.map((s) => ({ ...s, inReview: false })) };
  const mine = course.requestedBy === null || course.requestedBy === caller.id || enrolled;
  if (!mine || course.publication === "draft" || (course.publication === "paused" && !enrolled)) throw new AppError("not_found", COURSE_NOT_FOUND);
  return { ...course, paused: course.publication === "paused", sections: servedSections(course.sections) };
}

/** The same gate for calls that use the content (a quiz, the tutor, progress): a paused course is a 409. */
export function usableCourse<S extends Section, C extends Loaded<S>>(caller: { id: number; role: UserRole }, course: C & Loaded<S>, enrolled: boolean): Seen<C, S> {
  const seen = learnerCourse(caller, course, enrolled);
  if (seen.paused) throw new AppError("conflict", PAUSED);
  return seen;
}
