"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";

/** What Next does, decided on the server from lib/learning (the rules the API enforces). */
export type NextAction =
  | { kind: "go"; href: string; label: string }
  /** Opens a subsection not unlocked yet: save the raised progress and the position first. */
  | { kind: "unlock"; href: string; label: string; courseId: number; progress: number; sectionIndex: number; subsectionIndex: number }
  | { kind: "disabled"; label: string; reason: string };

/** Previous and Next under the subsection: the only interactive part of the reader. */
export function ReaderNav({ previousHref, next }: { previousHref: string | null; next: NextAction }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);

  async function unlock(action: Extract<NextAction, { kind: "unlock" }>) {
    setSaving(true);
    try {
      await apiFetch("/courses/update_progress", {
        method: "PUT",
        fallback: "Failed to update course progress",
        body: {
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

  const pill = "min-w-32";
  return (
    <nav aria-label="Course navigation" className="mt-10 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
      {previousHref ? (
        <Link href={previousHref} className={buttonClasses({ variant: "outline", className: pill })}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <button type="button" disabled className={buttonClasses({ variant: "outline", className: pill })}>
          <span aria-hidden="true">←</span> Previous
        </button>
      )}

      {next.kind === "go" ? (
        <Link href={next.href} className={buttonClasses({ className: pill })}>
          {next.label}
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
        <p id="next-disabled-reason" className="w-full text-right text-sm text-slate-600">
          {next.reason}
        </p>
      ) : null}
    </nav>
  );
}
