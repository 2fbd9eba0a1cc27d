/** The most items one API answer lists (docs/api.md): lists default to everything up to this, so no answer grows without bound. */
export const MAX_PAGE_SIZE = 100;

/** One page of a list, with the page actually shown (a request past the end gets the last page). */
export type Page<T> = { items: T[]; page: number; totalPages: number; total: number };

/** Where a page starts in an ordered list, and how many items it holds at most. */
export type ListRange = { offset: number; limit: number };

/** Part of an ordered list, with the whole list's length. */
export type Slice<T> = { items: T[]; total: number };

/** Turns a total and a requested page into the page to show: a whole number from 1 to the last page. */
export function clampPage(requested: number, total: number, pageSize: number): { page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, totalPages) : 1;
  return { page, totalPages };
}

/**
 * The API's paging rule, for every list it answers with X-Total-Count: `?page=` from 1, `?limit=`
 * up to MAX_PAGE_SIZE, which is also what no limit asks for. A page past the end is not clamped:
 * it is an empty slice (the total still the whole list's), so a client reading pages until an
 * empty one stops.
 */
export function apiRange({ page = 1, limit = MAX_PAGE_SIZE }: { page?: number; limit?: number }): ListRange {
  return { offset: (page - 1) * limit, limit };
}

/**
 * The pages' paging rule: the requested page, or the last one when it is past the end (clampPage).
 * `load` cuts the list; a request past the end learns the total from its empty slice and asks again.
 */
export async function loadPage<T>(requested: number, pageSize: number, load: (range: ListRange) => Promise<Slice<T>>): Promise<Page<T>> {
  const asked = clampPage(requested, Infinity, pageSize).page;
  const first = await load({ offset: (asked - 1) * pageSize, limit: pageSize });
  const { page, totalPages } = clampPage(requested, first.total, pageSize);
  const items = page === asked ? first.items : (await load({ offset: (page - 1) * pageSize, limit: pageSize })).items;
  return { items, page, totalPages, total: first.total };
}

/**
 * A slice read with its total in the same statement (`count(*) over ()` beside each row), so a
 * list and its length cost one query. Only a slice past the end has no row to carry the total:
 * `countAll` counts then (never for the first page, which is empty only when the list is).
 */
export async function countedSlice<R extends { total: number }, T>(rows: R[], range: ListRange, toItem: (row: R) => T, countAll: () => Promise<number>): Promise<Slice<T>> {
  if (rows.length > 0) return { items: rows.map(toItem), total: rows[0]!.total };
  return { items: [], total: range.offset === 0 ? 0 : await countAll() };
}
