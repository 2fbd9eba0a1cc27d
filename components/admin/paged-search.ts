import { pageFrom } from "@/components/ui/pagination";
import { SORT_ORDERS, type SortOrder } from "@/lib/operations/admin/schemas";

/* What the searchable, paged admin tables (users, topics) read from the URL and how they load a page. */

type SearchParams = Record<string, string | string[] | undefined>;

/** ?search=, trimmed and bounded. */
export function searchFrom(params: SearchParams): string {
  const value = Array.isArray(params.search) ? params.search[0] : params.search;
  return (value ?? "").trim().slice(0, 200);
}

/**
 * The requested page of a search; asked past the last page (e.g. after deleting its only row),
 * the last page instead, which costs a second query only then.
 */
export async function loadSearchPage<R extends { total: number }>(
  requested: string | string[] | undefined,
  pageSize: number,
  load: (page: number) => Promise<R>,
  rowCount: (result: R) => number,
): Promise<R & { page: number; totalPages: number }> {
  const firstTry = await load(pageFrom(requested, Number.MAX_SAFE_INTEGER));
  const totalPages = Math.max(1, Math.ceil(firstTry.total / pageSize));
  const page = pageFrom(requested, totalPages);
  const result = rowCount(firstTry) || page === 1 ? firstTry : await load(page);
  return { ...result, page, totalPages };
}

/** ?sort=&order= when `sort` is one of `fields` (else no sort); the order ascending unless it says desc. */
export function sortFrom<F extends string>(params: SearchParams, fields: readonly F[]): { sort: F | undefined; order: SortOrder } {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const sort = fields.find((field) => field === first(params.sort));
  const order = SORT_ORDERS.find((o) => o === first(params.order)) ?? "asc";
  return { sort, order };
}
