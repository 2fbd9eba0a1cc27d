import "server-only";
import type { DatabaseOrTransaction } from "../../db/client";
import { loadCourseContent, loadLearnerState, usableCourse, isUnlocked } from "../catalogue";
import { AppError } from "../platform/http/app-error";
import { NOT_ENROLLED } from "../practice";

/** Where a conversation belongs: one subsection of one course. */
export type LessonRef = { courseId: number; sectionIndex: number; subsectionIndex: number };

/** What the tutor is given about the lesson: the subsection's text and the course's outline. */
export type LessonContext = { courseTitle: string; level: string; sectionTitle: string; lessonTitle: string; content: string; outline: string[] };

/**
 * The lesson a tutor turn is about, as the reader would show it to the caller: someone else's
 * personal course or a missing lesson is a 404, a course the caller has not enrolled in or a
 * lesson not yet open to them (the reader's own rule) a 409.
 */
export async function openLesson(db: DatabaseOrTransaction, userId: number, ref: LessonRef): Promise<LessonContext> {
  const [loaded, state] = await Promise.all([loadCourseContent(db, ref.courseId), loadLearnerState(db, userId, ref.courseId)]);
  const { shape } = loaded;
  // The tutor is a learner's: a draft, a paused course or a section in review gives it nothing to read.
  const course = usableCourse({ id: userId, role: "user" }, loaded.course, state.enrolled);
  const section = course.sections[ref.sectionIndex];
  const lesson = section?.subsections[ref.subsectionIndex];
  if (!section || !lesson) throw new AppError("not_found", "This course has no such lesson.");
  if (!state.enrolled) throw new AppError("conflict", NOT_ENROLLED);
  const position = { sectionIndex: ref.sectionIndex, subsectionIndex: ref.subsectionIndex };
  if (!section.ready || !isUnlocked(shape, position, state.progress, state.furthestUnit, (s) => state.passedSections.has(s))) {
    throw new AppError("conflict", "This lesson is not open to you yet: the tutor answers about lessons you can read.");
  }
  return {
    courseTitle: course.title,
    level: course.level,
    sectionTitle: section.title,
    lessonTitle: lesson.title,
    content: lesson.content,
    outline: course.sections.map((s, i) => `${i + 1}. ${s.title}: ${s.subsections.map((sub) => sub.title).join("; ")}`),
  };
}
