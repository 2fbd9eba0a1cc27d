"use client";

import { useCallback, useRef, useState, type ReactNode } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";

/**
 * The course outline's frame. Below `lg` the outline is a drawer behind a button that shows where
 * the learner is ("Section 2 of 4 · 45%"), so the lesson comes first on a phone; from `lg` up it is
 * a column that stays in view (sticky) while the lesson scrolls. One outline in the page either way.
 * Remounted per position by the reader (its `key`), so following a link in it closes the drawer.
 */
export function OutlineDrawer({ summary, children }: { summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, toggle);

  return (
    <div>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="course-outline-panel"
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl border border-slate-300 bg-white px-4 py-2 text-left text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 lg:hidden"
      >
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h10" />
          </svg>
          Course content
        </span>
        <span className="text-slate-700" data-testid="section-progress">
          {summary}
        </span>
      </button>
      <div
        id="course-outline-panel"
        className={
          open
            ? "fixed inset-0 z-50 flex justify-start bg-slate-900/50 lg:static lg:block lg:bg-transparent"
            : "hidden lg:block"
        }
      >
        <div
          ref={panel}
          // The wide-screen column scrolls on its own when the outline is taller than the screen: a
          // keyboard user must be able to scroll it even when every subsection is locked (no links).
          {...(open ? {} : { tabIndex: 0, role: "region", "aria-label": "Course outline" })}
          className={
            open
              ? "h-full w-[min(22rem,calc(100%-3rem))] overflow-y-auto bg-white p-3 shadow-xl lg:h-auto lg:w-auto lg:p-0 lg:shadow-none"
              : "lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:rounded-2xl"
          }
        >
          {open ? (
            <div className="mb-2 flex justify-end lg:hidden">
              <button
                type="button"
                onClick={() => {
                  close();
                  toggle.current?.focus();
                }}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                Close
              </button>
            </div>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}
