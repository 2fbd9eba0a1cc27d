import { readerHref } from "@/components/reader/links";

/** Where a question's concept is taught, as quiz-complete and review answers name it. */
export type LessonRef = { course_id: number; section_index: number; subsection_index: number; title: string };

/** The reader opened on the subsection that teaches a concept. */
export function lessonHref(lesson: Pick<LessonRef, "course_id" | "section_index" | "subsection_index">): string {
  return readerHref(lesson.course_id, { sectionIndex: lesson.section_index, subsectionIndex: lesson.subsection_index });
}

/** A review of one concept on demand (from /dashboard/progress): its cards, due or not. */
export function conceptReviewHref(courseId: number, conceptKey: string): string {
  return `/dashboard/review?${new URLSearchParams({ courseId: String(courseId), concept: conceptKey }).toString()}`;
}
