"use client";

import { useLayoutEffect } from "react";
import { scrollBehavior } from "@/client/motion";

/*
 * The tutor's frame fits the part of the screen the learner can see (docs/tutor.md, "Following the
 * conversation"), so its question box is never below the fold or under an on-screen keyboard:
 *
 * - "sheet" (phones): the visual viewport's box. A phone's keyboard shrinks the visual viewport
 *   only (iOS always; Android unless the page asks otherwise), so a sheet fixed to the layout
 *   viewport (`inset-0`, or `100dvh`, its fallback before script runs) keeps its bottom, the box,
 *   under the keyboard.
 * - "column" (wide screens): the column beside the lesson sticks 1rem below the top once the page
 *   scrolls, but before that it starts where the page puts it, a header and a title down; a
 *   column one screen tall from there ends below the fold. Its height is what is left of the screen
 *   below its top, and above the end of the content beside it.
 *
 * The element's style is set directly, on every resize and scroll (once a frame), not through
 * React state: nothing else renders again.
 */

const GAP_PX = 16;
/** Below this the column keeps its height and the page scrolls it into view instead. */
const COLUMN_MIN_PX = 320;

function visibleHeight(): number {
  return window.visualViewport?.height ?? window.innerHeight;
}

function fitSheet(el: HTMLElement) {
  const viewport = window.visualViewport;
  if (!viewport || (viewport.offsetTop === 0 && Math.abs(viewport.height - window.innerHeight) < 1)) {
    el.style.removeProperty("top");
    el.style.removeProperty("height");
    return;
  }
  el.style.top = `${viewport.offsetTop}px`;
  el.style.height = `${viewport.height}px`;
}

function fitColumn(el: HTMLElement) {
  const top = Math.max(el.getBoundingClientRect().top, GAP_PX);
  // A sticky column stops with the page's content beside it (tutor-host.tsx): where that ends on
  // screen, the column ends too, rather than being pushed up past the top. The content's end, not
  // the row's, which the column's own height would move.
  const contentEnd = el.previousElementSibling?.getBoundingClientRect().bottom ?? Infinity;
  const bottom = Math.min(visibleHeight() - GAP_PX, contentEnd);
  el.style.height = `${Math.max(COLUMN_MIN_PX, bottom - top)}px`;
}

/** Fits `el` (null: nothing to fit, the frame is not in the page) while it is there. */
export function useFitToViewport(el: HTMLElement | null, mode: "sheet" | "column") {
  useLayoutEffect(() => {
    if (!el) return;
    const fit = mode === "sheet" ? fitSheet : fitColumn;
    let frame = 0;
    const schedule = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          fit(el);
        });
      }
    };
    fit(el);
    // A column opened low on the page (too little screen left below it): the page brings its end into view.
    const below = mode === "column" ? el.getBoundingClientRect().bottom + GAP_PX - visibleHeight() : 0;
    if (below > 0) window.scrollBy({ top: below, behavior: scrollBehavior() });
    const viewport = window.visualViewport;
    viewport?.addEventListener("resize", schedule);
    viewport?.addEventListener("scroll", schedule);
    window.addEventListener("resize", schedule);
    if (mode === "column") window.addEventListener("scroll", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      viewport?.removeEventListener("resize", schedule);
      viewport?.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("scroll", schedule);
      el.style.removeProperty("top");
      el.style.removeProperty("height");
    };
  }, [el, mode]);
}
