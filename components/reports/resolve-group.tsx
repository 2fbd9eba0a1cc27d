"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-link";
import { toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";
import { RESOLUTION_NOTE_MAX } from "@/lib/authoring/reports/reasons";
import type { ReportTarget } from "./report-problem";

const RESOLVE_FAILED = "The reports could not be resolved. Please try again.";

// What the learners who reported it are told comes from the resolution (docs/product-rules.md, "Reports": the outcome).
const ACTIONS = {
  dismissed: {
    label: "Dismiss",
    title: "Dismiss these reports",
    told: "The learners who reported it are told an admin found nothing wrong.",
    done: "Dismissed: the learners who reported it are told nothing was wrong.",
  },
  fixed: {
    label: "Mark fixed",
    title: "Mark as fixed",
    told: "The learners who reported it are told what changed since they reported it (an edit, a rewrite, the question taken out of the quiz) or, when nothing did, that no change was needed.",
    done: "Marked fixed: the learners who reported it are told what changed.",
  },
} as const;

type Resolution = keyof typeof ACTIONS;

/** An admin's Dismiss / Mark fixed on one group of the reports queue, each with an optional note for admins. */
export function ResolveGroup({ target, label }: { target: ReportTarget; /** What the group is about, for the buttons' accessible names. */ label: string }) {
  const router = useRouter();
  const [action, setAction] = useState<Resolution | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    setBusy(true);
    setError(null);
    try {
      await call("POST /reports/resolve", { json: { ...target, resolution: action, note: note.trim() || undefined }, fallback: RESOLVE_FAILED });
      toastSuccess(ACTIONS[action].done);
      setAction(null);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : RESOLVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(ACTIONS) as Resolution[]).map((key) => (
        <button
          key={key}
          type="button"
          aria-label={`${ACTIONS[key].label}: ${label}`}
          onClick={() => {
            setNote("");
            setError(null);
            setAction(key);
          }}
          className={buttonClasses({ variant: key === "fixed" ? "primary" : "outline" })}
        >
          {ACTIONS[key].label}
        </button>
      ))}
      <AdminDialog
        open={action !== null}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        busy={busy}
        title={action ? ACTIONS[action].title : ""}
        description={`Resolves every open report on “${label}” and its analytics flag. ${action ? ACTIONS[action].told : ""} Your note stays with the admins.`}
      >
        <form onSubmit={submit} className="space-y-4">
          <div>
            <label htmlFor={noteId} className="font-semibold text-slate-900">
              Note for admins (optional)
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={RESOLUTION_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
            />
          </div>
          {error ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({})}>
              {busy ? "Saving…" : action ? ACTIONS[action].label : ""}
            </button>
          </div>
        </form>
      </AdminDialog>
    </div>
  );
}
