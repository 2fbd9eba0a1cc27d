import { readerHref } from "@/components/reader/links";
import type { Lesson } from "@/lib/practice/review/responses";

/** The reader opened on the subsection that teaches a concept. */
export function lessonHref(lesson: Pick<Lesson, "course_id" | "section_index" | "subsection_index">): string {
  return readerHref(lesson.course_id, { sectionIndex: lesson.section_index, subsectionIndex: lesson.subsection_index });
}

/** A review of one concept on demand (from /dashboard/progress): its cards, due or not. */
export function conceptReviewHref(courseId: number, conceptKey: string): string {
  return `/dashboard/review?${new URLSearchParams({ courseId: String(courseId), concept: conceptKey }).toString()}`;
}
