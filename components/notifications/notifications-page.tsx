"use client";

import { useCallback, useId, useState } from "react";
import { NotificationList } from "./notification-list";
import { useUnreadCount } from "./unread-count";

/** The notifications page: the whole list, 20 at a time, on any screen. */
export function NotificationsPage({ initialCount }: { initialCount: number }) {
  const headingId = useId();
  const [count, setCount] = useState(initialCount);
  useUnreadCount(useCallback((next: number) => setCount(next), []));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <NotificationList pageSize={20} unreadCount={count} headingId={headingId} headingLevel="h1" />
      </div>
    </div>
  );
}
