"use client";

import { useEffect } from "react";

/**
 * Moves focus to the lesson's heading whenever the reader shows a lesson: when it opens (from the
 * dashboard, a link or a reload) and when the learner moves to another lesson (the reader keys
 * this per position). Keyboard and screen-reader users start reading there instead of at the top
 * of the page; the heading is near the top, so nothing scrolls away from sight.
 */
export function FocusHeading({ id }: { id: string }) {
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);
  return null;
}
