import { apiRange, type ListRange, type Slice } from "../pagination";
import { jsonResponse } from "./json-response";

/* TRANSITION: the route table's list answers; declared endpoints answer a Slice with X-Total-Count themselves. */

/** One page of an already ordered list as a JSON answer, the total in X-Total-Count (lib/pagination.ts apiRange). */
export function pagedJson<T>(items: T[], query: { page?: number; limit?: number }): Response {
  const { offset, limit } = apiRange(query);
  return jsonResponse(items.slice(offset, offset + limit), { headers: { "x-total-count": String(items.length) } });
}

/** The same for a list that loads only the page: `load` gets the page's range, and returns it with the list's length. */
export async function pagedRangeJson<T>(query: { page?: number; limit?: number }, load: (range: ListRange) => Promise<Slice<T>>): Promise<Response> {
  const { items, total } = await load(apiRange(query));
  return jsonResponse(items, { headers: { "x-total-count": String(total) } });
}
