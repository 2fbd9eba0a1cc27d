import "server-only";
import type { Caller } from "../auth/caller";
import { isUnlocked } from "../learning/progress";
import type { CourseDetail } from "../validation/responses/learning";
import { loadCourseContent, loadLearnerState } from "./course-content";
import { toCourseSummary } from "./serialize";
import { assertCanSeeCourse } from "./visibility";

/**
 * GET /courses/{id}: the course's outline with the caller's progress and quiz record. A learner
 * gets the content of the subsections unlocked for them (by the reader's own rule), everything
 * once the course is completed, and none before enrolling; admins get all of it. Someone else's
 * personal course is a 404.
 */
export async function getCourseForLearner(viewer: Pick<Caller, "id" | "role">, courseId: number): Promise<CourseDetail> {
  const [{ course, shape }, state] = await Promise.all([loadCourseContent(courseId), loadLearnerState(viewer.id, courseId)]);
  assertCanSeeCourse(viewer, course.requestedBy);
  const passed = (s: number) => state.passedSections.has(s);
  const readable = (sectionIndex: number, subsectionIndex: number) =>
    viewer.role === "admin" || (state.enrolled && isUnlocked(shape, { sectionIndex, subsectionIndex }, state.progress, state.furthestUnit, passed));
  return {
    ...toCourseSummary(course, state.progress),
    sections: course.sections.map((s, sectionIndex) => ({
      section_title: s.title,
      ready: s.ready,
      quiz_ready: s.quizReady,
      subsections: s.subsections.map((sub, subsectionIndex) => ({
        title: sub.title,
        content: readable(sectionIndex, subsectionIndex) ? sub.content : null,
        minutes: sub.minutes,
      })),
    })),
    quiz_status: Object.fromEntries(course.sections.map((_, i) => [String(i), passed(i)])),
    review_sections: course.sections.map((_, i) => i).filter((i) => state.failedSections.has(i) && !passed(i)),
    furthest_unit: state.furthestUnit,
    enrolled: state.enrolled,
  };
}
