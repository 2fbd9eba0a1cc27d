import type { Position } from "@/lib/learning/progress";

/*
 * The reader's and the quiz's navigation state lives in the URL (courseId, sectionIndex,
 * completedSection), so reloads and shared links land on the same screen. Indexes are 0-based,
 * as in the API.
 */

type Param = string | string[] | undefined;

const first = (value: Param) => (Array.isArray(value) ? value[0] : value);

/** A positive 32-bit id, or null for anything else ("abc", "1.5", "-3", "007"...). */
export function idParam(value: Param): number | null {
  const raw = first(value) ?? "";
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** A section or subsection index (0 up to 9999), or null. */
export function indexParam(value: Param): number | null {
  const raw = first(value) ?? "";
  return /^(0|[1-9]\d{0,3})$/.test(raw) ? Number(raw) : null;
}

export function readerHref(courseId: number, position?: Position, extra: Record<string, string> = {}): string {
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
