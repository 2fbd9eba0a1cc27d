"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/*
 * A tab the learner comes back to shows the state of now, not of when it was opened: a course
 * finished, an interest picked or a name changed in another tab appear without a reload
 * (docs/product-rules.md, Screens). When the tab becomes visible again, the page's server data is
 * fetched anew (router.refresh keeps scroll position, focus and what is typed into forms), at most
 * once per MIN_INTERVAL_MS, so flicking between tabs costs one request and not one per flick.
 */

const MIN_INTERVAL_MS = 10_000;

export function RefreshOnReturn() {
  const router = useRouter();

  useEffect(() => {
    // 0: the first return to the tab always refreshes, however soon after the page loaded.
    let last = 0;
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return;
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS) return;
      last = now;
      router.refresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [router]);

  return null;
}
