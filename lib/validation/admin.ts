import { pageQuery } from "./pagination";
import { z } from "./zod";

/* Query schemas of the admin API and pages. */

/** The columns the admin users table sorts by (docs/product-rules.md, Users and roles). */
export const USER_SORT_FIELDS = ["name", "email", "role", "joined", "last_active"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * GET /users: ?search= matches a name ("first", "last", "first last") or part of the e-mail,
 * ?sort=&order= orders the list (id breaks ties; without sort, by id), ?page=&limit= pages.
 */
export const userListQuery = z.object({
  search: z.string().trim().max(254).optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(", ")}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: "order must be asc or desc" }).optional(),
  ...pageQuery,
});

export type UserListQuery = z.output<typeof userListQuery>;

/** GET /quiz-questions/stats: ?page=&limit=&flag= (flag: either review flag, or both with 'flagged'). */
export const questionStatsQuery = z.object({
  ...pageQuery,
  flag: z.enum(["almost_everyone_misses", "almost_nobody_misses", "flagged"], { error: "Unknown flag" }).optional(),
});
