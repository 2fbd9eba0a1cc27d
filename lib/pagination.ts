/** The most items one API answer lists (docs/api.md): lists default to everything up to this, so no answer grows without bound. */
export const MAX_PAGE_SIZE = 100;

/** One page of a list, with the page actually shown (a request past the end gets the last page). */
export type Page<T> = { items: T[]; page: number; totalPages: number; total: number };

/** Turns a total and a requested page into the page to show: a whole number from 1 to the last page. */
export function clampPage(requested: number, total: number, pageSize: number): { page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, totalPages) : 1;
  return { page, totalPages };
}
