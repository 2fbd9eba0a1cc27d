"use client";

// Renders the page again on the server every few seconds while it is shown (paused while the tab is
// hidden): for server-rendered live figures such as the model calls in progress.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function PageAutoRefresh({ everyMs }: { everyMs: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, router]);
  return null;
}
