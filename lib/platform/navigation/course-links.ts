/*
 * Where a learner's course screens live. The reader's and the quiz's navigation state is in the
 * URL (courseId, section, sub), so reloads and shared links land on the same screen; indexes are
 * 0-based, as in the API. Pages and components link with these, and so do notifications and
 * e-mails, which name a screen from the server.
 */

/** A lesson of a course: the shape of catalogue's Position (lib/catalogue/course-shape/progress.ts), which platform cannot import. */
type LessonPosition = { sectionIndex: number; subsectionIndex: number };

export function readerHref(courseId: number, position?: LessonPosition, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ courseId: String(courseId) });
  if (position) {
    query.set("section", String(position.sectionIndex));
    query.set("sub", String(position.subsectionIndex));
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `/dashboard/detail-courses?${query.toString()}`;
}

export function quizHref(courseId: number, sectionIndex: number): string {
  return `/dashboard/quiz?courseId=${courseId}&sectionIndex=${sectionIndex}`;
}

export function courseDetailsHref(courseId: number): string {
  return `/dashboard/course-details?courseId=${courseId}`;
}

/** A finished course's summary: what was learned, the quiz scores, the time spent, the certificate. */
export function courseCompleteHref(courseId: number): string {
  return `/dashboard/course-complete?courseId=${courseId}`;
}

/**
 * The dashboard's "Write me a course" block, where each of the learner's requests has its card,
 * followed to the end and resumed there (a subject typed freely has no topic page of its own).
 */
export const COURSE_REQUESTS_HREF = "/dashboard#write-a-course";
