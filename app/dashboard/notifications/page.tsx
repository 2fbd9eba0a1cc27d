import type { Metadata } from "next";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { requirePageCaller } from "@/lib/auth/page";
import { unreadCount } from "@/lib/notifications/inbox";

export const metadata: Metadata = { title: "Notifications" };

/** Every notification of the learner's (docs/product-rules.md, "Notifications"); the bell shows the newest. */
export default async function Page() {
  const caller = await requirePageCaller("user");
  const { unread_count } = await unreadCount(caller.id);
  return <NotificationsPage initialCount={unread_count} />;
}
