import "server-only";
import { loadCourseContent, loadLearnerState, type LearnerState } from "../courses/course-content";
import { COURSE_NOT_FOUND } from "../courses/visibility";
import { AppError } from "../http/app-error";
import { firstQuizToPassBefore, type CourseShape } from "../learning/progress";
import { NOT_ENROLLED } from "../learning/update-progress";

export type OpenQuiz = { sectionId: number; shape: CourseShape; state: LearnerState };

/**
 * The gate of every section quiz call (questions, answer checks, attempts): the course and
 * section exist (404; so does someone else's personal course, to a caller not enrolled in it:
 * it is not confirmed to exist), the caller is enrolled (409), and every earlier section's quiz is passed
 * (409), so a quiz cannot be fetched, probed or passed ahead of the course's order.
 */
export async function openSectionQuiz(userId: number, courseId: number, sectionIndex: number): Promise<OpenQuiz> {
  const [{ course, shape }, state] = await Promise.all([loadCourseContent(courseId), loadLearnerState(userId, courseId)]);
  if (course.requestedBy !== null && course.requestedBy !== userId && !state.enrolled) throw new AppError("not_found", COURSE_NOT_FOUND);
  const section = course.sections.find((s) => s.position === sectionIndex);
  if (!section) throw new AppError("not_found", "This course has no such section.");
  // Planned but not published yet (the course is still being generated): nothing to take.
  if (section.id === null) throw new AppError("conflict", "This section is still being written.");
  if (!state.enrolled) throw new AppError("conflict", NOT_ENROLLED);
  const blocker = firstQuizToPassBefore(sectionIndex, (s) => state.passedSections.has(s));
  if (blocker !== null) throw new AppError("conflict", `Pass the quiz of section ${blocker + 1} first: sections open in order.`);
  return { sectionId: section.id, shape, state };
}
