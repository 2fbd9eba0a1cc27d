import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { Caller } from "../../accounts";
import { isUnlocked } from "../course-shape/progress";
import type { CourseDetail } from "./responses";
import { loadCourseContent, loadLearnerState } from "./course-content";
import { toCourseSummary } from "./serialize";
import { learnerCourse } from "../publication/learner-course";
import { AppError } from "../../platform/http/app-error";
import { COURSE_NOT_FOUND, inCourseAudience } from "./visibility";

/**
 * GET /courses/{id}: the course's outline with the caller's progress and quiz record. A learner
 * gets the content of the subsections unlocked for them (by the reader's own rule), everything
 * once the course is completed, and none before enrolling; admins get all of it. Someone else's
 * personal course is a 404.
 */
export async function getCourseForLearner(db: DatabaseOrTransaction, viewer: Pick<Caller, "id" | "role">, courseId: number): Promise<CourseDetail> {
  const [loaded, state] = await Promise.all([loadCourseContent(db, courseId), loadLearnerState(db, viewer.id, courseId)]);
  const { shape } = loaded;
  // Someone else's personal course stays a 404 even to a learner an admin enrolled in it.
  if (!inCourseAudience(viewer, loaded.course.requestedBy)) throw new AppError("not_found", COURSE_NOT_FOUND);
  const course = learnerCourse(viewer, loaded.course, state.enrolled);
  const passed = (s: number) => state.passedSections.has(s);
  // A paused course shows its outline and the learner's record, and no content.
  const readable = (sectionIndex: number, subsectionIndex: number) =>
    viewer.role === "admin" || (state.enrolled && !course.paused && course.sections[sectionIndex]!.ready && isUnlocked(shape, { sectionIndex, subsectionIndex }, state.progress, state.furthestUnit, passed));
  return {
    ...toCourseSummary(course, state.progress),
    sections: course.sections.map((s, sectionIndex) => ({
      section_title: s.title,
      ready: s.ready,
      quiz_ready: s.quizReady,
      ...(s.inReview ? { in_review: true as const } : {}),
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
