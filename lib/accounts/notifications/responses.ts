import { NOTIFICATION_KINDS, UNREAD_COUNT_MAX } from "@/lib/accounts/notifications/kind-names";
import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of a user's notifications (docs/product-rules.md, "Notifications"; see lib/platform/schemas/common-responses.ts). */

export const notificationCount = z
  .object({
    unread_count: z.number().int().min(0).max(UNREAD_COUNT_MAX).meta({ description: `The caller's unread notifications, counted up to ${UNREAD_COUNT_MAX} (${UNREAD_COUNT_MAX}: that many or more).` }),
  })
  .meta({ id: "NotificationCount" });

export type NotificationCount = z.output<typeof notificationCount>;

export const notificationItem = z
  .object({
    id,
    kind: z.enum(NOTIFICATION_KINDS).meta({ description: "What happened: `course_ready`, `course_failed` or `report_resolved` (more kinds may come)." }),
    message: z.string().meta({ description: "What happened, in one sentence fit to show." }),
    detail: z.string().nullable().meta({ description: "A second line: what changed, or what to do next." }),
    link: z.string().meta({ description: "The app's path of what it is about (a course, a lesson, a request's card)." }),
    read_at: timestamp.nullable().meta({ description: "When the caller first marked it read; null while unread." }),
    created_at: timestamp,
  })
  .meta({ id: "Notification", description: "One of the caller's notifications." });

export type NotificationItem = z.output<typeof notificationItem>;

export const notificationList = notificationCount
  .extend({
    notifications: z.array(notificationItem),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  })
  .meta({ id: "NotificationList" });

export type NotificationList = z.output<typeof notificationList>;
