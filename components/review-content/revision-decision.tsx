"use client";

import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, useChange } from "@/components/ui/use-change";

/** The two buttons of a regenerated item's comparison (POST /regenerations/:id/decision); `label` names the item for screen readers. */
export function RevisionDecision({ regenerationId, review, label }: { regenerationId: number; review: boolean; label: string }) {
  const { busy, error, run } = useChange("The choice could not be saved. Please try again.");
  const decide = (keep: "new" | "old", done: string) => run("POST /regenerations/:id/decision", { params: { id: regenerationId }, json: { keep } }, done);
  const [keepNew, keepOld] = review
    ? [
        { text: "Accept", done: "New version accepted: learners get it now." },
        { text: "Keep the old one", done: "Old version kept: the new one was discarded." },
      ]
    : [
        { text: "Keep the new one", done: "New version kept." },
        { text: "Restore the old one", done: "Old version restored: learners get it again." },
      ];
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => decide("new", keepNew.done)} className={buttonClasses({})} aria-label={`${keepNew.text}: ${label}`}>
          {keepNew.text}
        </button>
        <button type="button" disabled={busy} onClick={() => decide("old", keepOld.done)} className={buttonClasses({ variant: "outline" })} aria-label={`${keepOld.text}: ${label}`}>
          {keepOld.text}
        </button>
      </div>
      <ChangeError error={error} />
    </div>
  );
}
