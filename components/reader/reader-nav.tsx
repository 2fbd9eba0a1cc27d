"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { LinkPending } from "@/components/ui/link-pending";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";

/** What Next does, decided on the server from lib/practice/learning (the rules the API enforces). */
export type NextAction =
  | { kind: "go"; href: string; label: string }
  /** Opens a subsection not unlocked yet: save the raised progress and the position first. */
  | { kind: "unlock"; href: string; label: string; courseId: number; progress: number; sectionIndex: number; subsectionIndex: number }
  | { kind: "disabled"; label: string; reason: string };

/**
 * Previous and Next under the subsection. Below `lg` it is a bar stuck to the bottom of the screen
 * while the lesson scrolls, so the way on is always at hand. Two buttons, each label on one line
 * on a 390 px phone ("Next Section →" included); a section's quiz is offered by the lesson's end
 * box, not here (a third button made the labels wrap).
 */
export function ReaderNav({ previousHref, next }: { previousHref: string | null; next: NextAction }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);

  async function unlock(action: Extract<NextAction, { kind: "unlock" }>) {
    setSaving(true);
    try {
      await call("PUT /courses/update_progress", {
        fallback: "Failed to update course progress",
        json: {
          course_id: action.courseId,
          progress: action.progress,
          section_index: action.sectionIndex,
          subsection_index: action.subsectionIndex,
        },
      });
    } catch (error) {
      // The learner stays where they are; nothing was unlocked.
      toastError((error as Error).message);
      setSaving(false);
      return;
    }
    router.push(action.href);
    // The next render replaces this component; `saving` keeps Next disabled until then.
  }

  // Two buttons share a phone's width; from `sm` up each keeps a comfortable size. A label never wraps.
  const pill = "min-w-0 flex-1 px-3 whitespace-nowrap sm:flex-none sm:min-w-32 sm:px-5";
  return (
    <nav
      aria-label="Course navigation"
      className="sticky bottom-0 z-20 -mx-6 mt-10 -mb-6 flex flex-wrap items-center justify-between gap-2 rounded-b-2xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:-mb-8 sm:gap-3 sm:px-8 lg:static lg:mx-0 lg:mb-0 lg:bg-transparent lg:px-0 lg:pt-6 lg:pb-0 lg:backdrop-blur-none"
    >
      {previousHref ? (
        <Link href={previousHref} className={buttonClasses({ variant: "outline", className: pill })}>
          <span aria-hidden="true">←</span> Previous
          <LinkPending />
        </Link>
      ) : (
        <button type="button" disabled className={buttonClasses({ variant: "outline", className: pill })}>
          <span aria-hidden="true">←</span> Previous
        </button>
      )}

      {next.kind === "go" ? (
        <Link href={next.href} className={buttonClasses({ className: pill })}>
          {next.label}
          <LinkPending />
        </Link>
      ) : next.kind === "unlock" ? (
        <button type="button" onClick={() => unlock(next)} disabled={saving} aria-busy={saving} className={buttonClasses({ className: pill })}>
          {next.label}
        </button>
      ) : (
        <button type="button" disabled aria-describedby="next-disabled-reason" className={buttonClasses({ className: pill })}>
          {next.label}
        </button>
      )}
      {next.kind === "disabled" ? (
        <p id="next-disabled-reason" className="w-full text-right text-xs text-slate-600 sm:text-sm">
          {next.reason}
        </p>
      ) : null}
    </nav>
  );
}
