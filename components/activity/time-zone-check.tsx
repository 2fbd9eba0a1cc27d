"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { currentTimeZone } from "@/lib/practice/activity/days";
import { rememberTimeZone } from "@/lib/practice/activity/time-zone";

/**
 * The server counted the week in the zone the cookie remembers; a learner who has since moved
 * (travel, a new device setting) gets it counted again in the zone the browser is in now. Checked
 * once the page is idle: it changes nothing in the common case.
 */
export function TimeZoneCheck({ remembered }: { remembered: string }) {
  const router = useRouter();
  useEffect(() => {
    const check = () => {
      const now = currentTimeZone();
      if (now === remembered) return;
      rememberTimeZone(now);
      router.refresh();
    };
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(check);
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(check, 0);
    return () => clearTimeout(id);
  }, [remembered, router]);
  return null;
}
