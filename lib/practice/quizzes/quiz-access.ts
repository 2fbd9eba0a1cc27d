import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import { loadCourseContent, loadLearnerState, type LearnerState, usableCourse, IN_REVIEW, firstQuizToPassBefore, type CourseShape } from "../../catalogue";
import { AppError } from "../../platform/http/app-error";
import { NOT_ENROLLED } from "../learning/enrollment";

export type OpenQuiz = { sectionId: number; shape: CourseShape; state: LearnerState };

/**
 * The gate of every section quiz call (questions, answer checks, attempts): the course and
 * section exist (404; so does someone else's personal course, to a caller not enrolled in it:
 * it is not confirmed to exist), the caller is enrolled (409), and every earlier section's quiz is passed
 * (409), so a quiz cannot be fetched, probed or passed ahead of the course's order.
 */
export async function openSectionQuiz(db: DatabaseOrTransaction, userId: number, courseId: number, sectionIndex: number): Promise<OpenQuiz> {
  const [loaded, state] = await Promise.all([loadCourseContent(db, courseId), loadLearnerState(db, userId, courseId)]);
  const { shape } = loaded;
  // Everyone takes a quiz as a learner: a draft, a paused course or a section in review has none to take.
  const course = usableCourse({ id: userId, role: "user" }, loaded.course, state.enrolled);
  const section = course.sections.find((s) => s.position === sectionIndex);
  if (!section) throw new AppError("not_found", "This course has no such section.");
  if (section.inReview) throw new AppError("conflict", IN_REVIEW);
  // Planned but not published yet (the course is still being generated): nothing to take.
  if (section.id === null) throw new AppError("conflict", "This section is still being written.");
  if (!state.enrolled) throw new AppError("conflict", NOT_ENROLLED);
  const blocker = firstQuizToPassBefore(sectionIndex, (s) => state.passedSections.has(s));
  if (blocker !== null) throw new AppError("conflict", `Pass the quiz of section ${blocker + 1} first: sections open in order.`);
  return { sectionId: section.id, shape, state };
}
