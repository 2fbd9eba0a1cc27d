import "server-only";
import { asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { enrollments, learningActivity, quizAttempts, sessions, statsCounters, users } from "../../../db/schema";
import { toPublicUser } from "../../accounts";
import { MAX_PAGE_SIZE } from "../../platform/pagination";
import { containsPattern } from "../../platform/search/like-pattern";
import type { SortOrder, UserListQuery, UserSortField } from "./schemas";
import type { AdminUser } from "./responses";

/*
 * The admin users table (GET /users, /admin/users): search, sort, page, and per user the courses,
 * two-factor status and last activity. Rules in docs/product-rules.md (Users and roles).
 */

/** "first last", as the table shows it; the same expression as users_full_name_trgm_idx, so the search can use it. */
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * When the user was last active: the latest of a request on one of their sessions (its "last
 * seen", moved at most every 5 minutes), a quarter hour of reading (learning_activity) and a quiz
 * attempt. Each is a max over an index whose first column is user_id. Sessions are deleted when
 * they end, so reading and quizzes are what keeps a learner's last activity once signed out.
 */
const lastActive = sql<string | null>`greatest(
  (SELECT max(${sessions.updatedAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id}),
  (SELECT max(${learningActivity.at}) FROM ${learningActivity} WHERE ${learningActivity.userId} = ${users.id}),
  (SELECT max(${quizAttempts.createdAt}) FROM ${quizAttempts} WHERE ${quizAttempts.userId} = ${users.id})
)`;

/** What each sort orders by (before the id that breaks ties). */
const SORT_KEYS: Record<UserSortField, SQL> = {
  name: sql`lower(${fullName})`,
  email: sql`${users.email}`,
  // The role's name, so ascending lists admins before users, as the words sort.
  role: sql`${users.role}::text`,
  joined: sql`${users.createdAt}`,
  last_active: lastActive,
};

/**
 * ORDER BY for a sort: its key, then the id in the same direction, so every order is total (pages
 * never overlap or skip) and descending is exactly ascending reversed. Never-active users count
 * as the least recently active: first ascending, last descending.
 */
function orderOf(sort: UserSortField | undefined, order: SortOrder = "asc"): SQL[] {
  const direction = order === "desc" ? desc : asc;
  if (!sort) return [direction(users.id)];
  const key = SORT_KEYS[sort];
  const nulls = sort === "last_active" ? sql.raw(order === "desc" ? " NULLS LAST" : " NULLS FIRST") : sql``;
  return [sql`${key} ${sql.raw(order === "desc" ? "DESC" : "ASC")}${nulls}`, direction(users.id)];
}

/** Courses, two-factor status and last activity of one page's users: one set-based query. */
async function detailsOf(db: DatabaseOrTransaction, ids: number[]): Promise<Map<number, { courseCount: number; lastActiveAt: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      courseCount: sql<number>`(SELECT count(*) FROM ${enrollments} WHERE ${enrollments.userId} = ${users.id})`.mapWith(Number),
      lastActiveAt: sql<string | null>`to_char(${lastActive} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { courseCount: row.courseCount, lastActiveAt: row.lastActiveAt }]));
}

/**
 * GET /users: one page of users (without a limit, the first MAX_PAGE_SIZE), optionally filtered by
 * name or e-mail (a case-insensitive substring of "first last" or of the e-mail) and sorted.
 * Two queries per page: the page with its total, then the page's details.
 */
export async function listUsersForAdmin(db: DatabaseOrTransaction, options: UserListQuery): Promise<{ users: AdminUser[]; total: number }> {
  const limit = Math.min(options.limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = ((options.page ?? 1) - 1) * limit;
  const orderBy = orderOf(options.sort, options.order);
  let rows: (typeof users.$inferSelect)[];
  let total: number;
  if (!options.search) {
    // Without a search the total is the users counter the triggers keep (no scan).
    const [page, [totalRow]] = await Promise.all([
      db.select().from(users).orderBy(...orderBy).limit(limit).offset(offset),
      db.select({ n: sql<number>`coalesce(sum(${statsCounters.value}), 0)::int` }).from(statsCounters).where(eq(statsCounters.name, "users")),
    ]);
    rows = page;
    total = totalRow?.n ?? 0;
  } else {
    // Each side of the OR has its trigram index (a BitmapOr of the two); the page and its total
    // come from one scan. Only a page past the end counts apart.
    const pattern = containsPattern(options.search);
    const where = or(sql`${users.email} ILIKE ${pattern}`, sql`${fullName} ILIKE ${pattern}`);
    const page = await db
      .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    rows = page.map((row) => row.user);
    if (page.length > 0) total = page[0]!.total;
    else if (offset === 0) total = 0;
    else total = (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  }
  const details = await detailsOf(db, rows.map((row) => row.id));
  return { users: rows.map((row) => toAdminUser(row, details.get(row.id))), total };
}

function toAdminUser(row: typeof users.$inferSelect, details: { courseCount: number; lastActiveAt: string | null } | undefined): AdminUser {
  return { ...toPublicUser(row), last_active_at: details?.lastActiveAt ?? null, course_count: details?.courseCount ?? 0, two_factor_enabled: row.twoFactorEnabled };
}

/** One user as the users table shows them (the admin's user page), or null. */
export async function getAdminUser(db: DatabaseOrTransaction, id: number): Promise<AdminUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) return null;
  return toAdminUser(row, (await detailsOf(db, [id])).get(id));
}
