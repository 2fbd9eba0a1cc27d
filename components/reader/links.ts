/*
 * The reader's and the quiz's navigation state lives in the URL (courseId, sectionIndex,
 * completedSection), so reloads and shared links land on the same screen. Indexes are 0-based,
 * as in the API. The links themselves are lib/platform/navigation/course-links.ts's (the server names
 * these screens too).
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

export { courseCompleteHref, courseDetailsHref, quizHref, readerHref } from "@/lib/platform/navigation/course-links";
