import type { Context } from "hono";

/**
 * One page of a list as the API answers it: the page's items, the whole list's length in
 * X-Total-Count (an endpoint declares it with `totalCount: true`; lib/platform/pagination.ts apiRange says
 * what page a query asks for).
 */
export function sliceJson(c: Context, { items, total }: { items: unknown[]; total: number }): Response {
  return c.json(items, 200, { "x-total-count": String(total) });
}
