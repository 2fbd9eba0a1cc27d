"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, useChange } from "@/components/ui/use-change";

/**
 * Approve or Reject a fresh quiz variant waiting for review (POST /quiz-questions/{id}/decision;
 * docs/product-rules.md, "Fresh variants"), from the version shown. Rejecting retires it, so it
 * asks first (Cancel has the focus, Escape cancels). `label` names the item for screen readers.
 */
export function VariantDecision({ id, version, label }: { id: number; version: number; label: string }) {
  const { busy, error, run } = useChange("The decision could not be saved. Please try again.");
  const [confirming, setConfirming] = useState(false);
  const decide = (decision: "approve" | "reject", done: string) => run("POST /quiz-questions/:id/decision", { params: { id }, json: { decision, version } }, done);
  const reject = async () => {
    if (await decide("reject", "Question rejected: no learner will be asked it.")) setConfirming(false);
  };
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => decide("approve", "Question approved: learners can be asked it now.")}
          className={buttonClasses({})}
          aria-label={`Approve question: ${label}`}
        >
          Approve
        </button>
        <button type="button" disabled={busy} onClick={() => setConfirming(true)} className={buttonClasses({ variant: "outline" })} aria-label={`Reject question: ${label}`}>
          Reject
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reject this question?"
        description="It is retired: no learner will be asked it. It stays listed under Retired questions."
        confirmLabel="Reject question"
        busyLabel="Rejecting…"
        busy={busy}
        onConfirm={reject}
      />
      <ChangeError error={error} />
    </div>
  );
}
