import { MAX_PAGE_SIZE } from "../pagination";
import { jsonResponse } from "./json-response";

/**
 * One page of an already ordered list as a JSON answer, the total in X-Total-Count. Without a
 * limit a list answers everything up to MAX_PAGE_SIZE (docs/api.md); a page past the end
 * is empty, so a client reading pages until an empty one stops.
 */
export function pagedJson<T>(items: T[], { page = 1, limit = MAX_PAGE_SIZE }: { page?: number; limit?: number }): Response {
  const start = (page - 1) * limit;
  return jsonResponse(items.slice(start, start + limit), { headers: { "x-total-count": String(items.length) } });
}

/** The same answer for a list that loads only the page: `load` gets the page's offset and limit, and returns it with the list's length. */
export async function pagedRangeJson<T>(
  { page = 1, limit = MAX_PAGE_SIZE }: { page?: number; limit?: number },
  load: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>,
): Promise<Response> {
  const { items, total } = await load((page - 1) * limit, limit);
  return jsonResponse(items, { headers: { "x-total-count": String(total) } });
}
