"use client";

import { useEffect } from "react";

// Set after the first reader render of this page load: only later renders are navigations.
let navigated = false;

/**
 * Moves focus to the lesson's heading when the learner moves to another lesson (the reader keys
 * this per position), so keyboard and screen-reader users start reading there; never on the
 * page's first load, where focus starts at the top as usual.
 */
export function FocusHeading({ id }: { id: string }) {
  useEffect(() => {
    if (navigated) document.getElementById(id)?.focus();
    navigated = true;
  }, [id]);
  return null;
}
