import { getDb } from "@/db/client";
import { listNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATION_NOT_FOUND, unreadCount } from "@/lib/accounts/notifications/inbox";
import { notificationsQuery } from "@/lib/accounts/notifications/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { notificationCount, notificationList } from "@/lib/accounts/notifications/responses";
import { endpoint } from "../endpoint";

/*
 * The caller's notifications (docs/product-rules.md, "Notifications"): only ever their own; another
 * user's notification is the same 404 as one that does not exist.
 */

export const listNotificationsEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/notifications",
    access: "signed-in",
    tag: "Learning",
    summary: "Your notifications",
    description: "The caller's notifications, newest first, `limit` at a time (20 by default): pass a page's `next_cursor` as `cursor` for the next one. With the unread count.",
    query: notificationsQuery,
    responses: { 200: { description: "One page of the caller's notifications.", schema: notificationList } },
  },
  async (c) => c.json(await listNotifications(getDb(), c.var.caller.id, c.req.valid("query"))),
);

export const unreadNotificationsEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/notifications/unread-count",
    access: "signed-in",
    tag: "Learning",
    summary: "How many of your notifications are unread",
    description: "What the header's bell shows: the caller's unread notifications, counted up to 100.",
    responses: { 200: { description: "The unread count.", schema: notificationCount } },
  },
  async (c) => c.json(await unreadCount(getDb(), c.var.caller.id)),
);

export const markNotificationReadEndpoint = endpoint(
  {
    method: "POST",
    path: "/users/me/notifications/:id/read",
    access: "signed-in",
    tag: "Learning",
    summary: "Mark a notification read",
    description: "Marks one of the caller's notifications read (again is harmless: it keeps its first time) and answers the unread count.",
    params: idPath,
    responses: { 200: { description: "The unread count after it.", schema: notificationCount } },
    errors: { 404: NOTIFICATION_NOT_FOUND },
  },
  async (c) => c.json(await markNotificationRead(getDb(), c.var.caller.id, c.req.valid("param").id)),
);

export const markAllNotificationsReadEndpoint = endpoint(
  {
    method: "POST",
    path: "/users/me/notifications/read-all",
    access: "signed-in",
    tag: "Learning",
    summary: "Mark all your notifications read",
    description: "Marks every unread notification of the caller's read and answers the unread count.",
    responses: { 200: { description: "The unread count after it.", schema: notificationCount } },
  },
  async (c) => c.json(await markAllNotificationsRead(getDb(), c.var.caller.id)),
);
