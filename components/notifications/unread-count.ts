"use client";

import { useEffect } from "react";

/*
 * The unread count as the last answer of the API told it, shared between the header's bell and the
 * notifications page: marking read on the page moves the bell's badge at once, without asking the
 * server again.
 */

const EVENT = "learnpath:unread-notifications";

export function shareUnreadCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: count }));
}

export function useUnreadCount(onCount: (count: number) => void): void {
  useEffect(() => {
    const listener = (event: Event) => onCount((event as CustomEvent<number>).detail);
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [onCount]);
}
