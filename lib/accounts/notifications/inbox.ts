import "server-only";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../../db/client";
import { notifications } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { logger } from "../../platform/log/logger";
import type { NotificationCount, NotificationList, NotificationItem } from "./responses";
import { UNREAD_COUNT_MAX } from "./kind-names";
import { present } from "./kinds";

/*
 * A user's own notifications (docs/product-rules.md, "Notifications"): the list, newest first, a
 * page at a time; the unread count the header shows on every page; marking one or all read. Every
 * statement names the caller's id, so someone else's notification is the same 404 as none.
 */

export const NOTIFICATION_NOT_FOUND = "There is no such notification.";

/** How many a page holds when the caller does not say. */
export const NOTIFICATIONS_PAGE = 20;

// One index-only scan of notifications_user_unread_idx, however many the caller has read.
const UNREAD_COUNT = fixedStatement(
  "notifications_unread_count",
  `SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications WHERE user_id = $1 AND read_at IS NULL LIMIT ${UNREAD_COUNT_MAX}) unread`,
);

/** The caller's unread notifications, counted up to UNREAD_COUNT_MAX. */
export async function unreadCount(db: DatabaseOrTransaction, userId: number): Promise<NotificationCount> {
  const [row] = await runFixed<{ n: number }>(db, UNREAD_COUNT, [userId]);
  return { unread_count: row?.n ?? 0 };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /users/me/notifications: newest first, `limit` at a time, each page after the id its cursor names. */
export async function listNotifications(db: DatabaseOrTransaction, userId: number, { cursor, limit = NOTIFICATIONS_PAGE }: { cursor?: number; limit?: number }): Promise<NotificationList> {
  const rows = await db
    .select({ id: notifications.id, kind: notifications.kind, payload: notifications.payload, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursor === undefined ? undefined : lt(notifications.id, cursor)))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items: NotificationItem[] = [];
  for (const row of page) {
    const shown = present(row.kind, row.payload);
    // A kind a newer version wrote (during a rolling update), or a payload that no longer parses: left out, not a failed list.
    if (!shown) {
      logger().warn({ notification_id: row.id, kind: row.kind }, "notifications: a row this version cannot show");
      continue;
    }
    items.push({ id: row.id, ...shown, read_at: row.readAt ? iso(row.readAt) : null, created_at: iso(row.createdAt) });
  }
  const next = rows.length > limit ? page.at(-1)!.id : null;
  return { notifications: items, next_cursor: next === null ? null : String(next), ...(await unreadCount(db, userId)) };
}

/** POST /users/me/notifications/{id}/read: read once, it stays read at its first time. */
export async function markNotificationRead(db: DatabaseOrTransaction, userId: number, notificationId: number): Promise<NotificationCount> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!marked.length) throw new AppError("not_found", NOTIFICATION_NOT_FOUND);
  return unreadCount(db, userId);
}

/** POST /users/me/notifications/read-all. */
export async function markAllNotificationsRead(db: DatabaseOrTransaction, userId: number): Promise<NotificationCount> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unreadCount(db, userId);
}
