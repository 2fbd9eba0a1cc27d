import type { Metadata } from "next";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { getDb } from "@/db/client";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { unreadCount } from "@/lib/accounts/notifications/inbox";

export const metadata: Metadata = { title: "Notifications" };

/** Every notification of the learner's (docs/product-rules.md, "Notifications"); the bell shows the newest. */
export default async function Page() {
  const caller = await requirePageCaller("user");
  const { unread_count } = await unreadCount(getDb(), caller.id);
  return <NotificationsPage initialCount={unread_count} />;
}
