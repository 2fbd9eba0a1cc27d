import "server-only";
import { loadCourseContent, loadLearnerState } from "./course-content";
import { toCourseSummary, type CourseSummary } from "./serialize";

export type CourseDetail = CourseSummary & {
  /** `ready` false: still being written (titles only); `quiz_ready` false: its quiz is still being written. */
  sections: { section_title: string; ready: boolean; quiz_ready: boolean; subsections: { title: string; content: string }[] }[];
  quiz_status: Record<string, boolean>;
  /** Sections whose quiz the learner failed and has not passed yet: shown as "Review". */
  review_sections: number[];
  furthest_unit: number;
  enrolled: boolean;
};

/** GET /courses/{id}: the course's content with the caller's progress and quiz record. */
export async function getCourseForLearner(userId: number, courseId: number): Promise<CourseDetail> {
  const [{ course }, state] = await Promise.all([loadCourseContent(courseId), loadLearnerState(userId, courseId)]);
  return {
    ...toCourseSummary(course, state.progress),
    sections: course.sections.map((s) => ({ section_title: s.title, ready: s.ready, quiz_ready: s.quizReady, subsections: s.subsections })),
    quiz_status: Object.fromEntries(course.sections.map((_, i) => [String(i), state.passedSections.has(i)])),
    review_sections: course.sections.map((_, i) => i).filter((i) => state.failedSections.has(i) && !state.passedSections.has(i)),
    furthest_unit: state.furthestUnit,
    enrolled: state.enrolled,
  };
}
