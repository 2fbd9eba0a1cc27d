import { confirmationFields } from "../../accounts";
import { pageQuery } from "../../platform/schemas/pagination";
import { z } from "../../platform/schemas/zod";

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

/** The columns the admin Questions page sorts by (docs/product-rules.md, Admin screens). */
export const QUESTION_SORT_FIELDS = ["question", "attempts", "first_try", "learners"] as const;
export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];

export const QUESTION_FLAGS = ["almost_everyone_misses", "almost_nobody_misses", "flagged"] as const;

const positiveId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be 1 or more`).max(2_147_483_647);

/**
 * GET /quiz-questions/stats: ?page=&limit=&flag= (flag: either review flag, or both with
 * 'flagged'), ?search= (part of the question's text), ?topic_id=, ?course_id=, ?sort=&order=.
 */
export const questionStatsQuery = z.object({
  ...pageQuery,
  flag: z.enum(QUESTION_FLAGS, { error: "Unknown flag" }).optional(),
  search: z.string().trim().max(200).optional(),
  topic_id: positiveId("topic_id").optional(),
  course_id: positiveId("course_id").optional(),
  sort: z.enum(QUESTION_SORT_FIELDS, { error: `sort must be one of ${QUESTION_SORT_FIELDS.join(", ")}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: "order must be asc or desc" }).optional(),
});

export type QuestionStatsQuery = z.output<typeof questionStatsQuery>;

/** The analytics' date ranges, in days ending today (UTC). */
export const ACTIVITY_RANGES = ["7", "30", "90"] as const;

/** GET /dashboard/stats/activity: ?days=7|30|90 (7 when absent). */
export const activityQuery = z.object({
  days: z
    .enum(ACTIVITY_RANGES, { error: "days must be 7, 30 or 90" })
    .optional()
    .transform((days) => Number(days ?? "7")),
});

export const ACCOUNT_STATUSES = ["active", "deactivated"] as const;

/** PUT /users/{id}/status: deactivate or reactivate an account. */
export const userStatusSchema = z.object({ status: z.enum(ACCOUNT_STATUSES, { error: "status must be active or deactivated" }) });

/** POST /users/{id}/two-factor/reset: the admin's OWN password (or, for an admin without one, their mailed code). */
export const adminTwoFactorResetSchema = z.object(confirmationFields);
