"use client";

import { useEffect } from "react";

/**
 * Drops one query parameter from the address bar once the page has used it (e.g. completedSection,
 * which shows "You passed the quiz..." once), so a reload or a shared link does not repeat it.
 * window.history.replaceState keeps Next's router in step and triggers no new render.
 */
export function ClearParam({ name }: { name: string }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(name)) return;
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", url);
  }, [name]);
  return null;
}
