/*
 * The kinds of notification (docs/product-rules.md, "Notifications"), shared by the API's schema
 * and the kinds' definitions (./kinds.ts). The database keeps a kind as text, so a new kind is a
 * name here and a definition there, never a migration.
 */
export const NOTIFICATION_KINDS = ["course_ready", "course_failed", "request_failed", "report_resolved"] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The unread count stops here: the header shows "99+" past 99, and counting never reads more rows. */
export const UNREAD_COUNT_MAX = 100;
