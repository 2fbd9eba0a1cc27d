"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useId, type FormEvent, type RefObject } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { REASON_LABELS, REPORT_NOTE_MAX, type ReportReason } from "@/lib/authoring/reports/reasons";

/**
 * The "Report a problem" dialog, loaded only when a learner first opens it (the reader's first
 * load carries no dialog code: docs/performance.md, "Pages"). Focus starts on the first reason and
 * goes back to the button that opened it.
 */
export function ReportDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
  isItem: boolean;
  editing: boolean;
  reasons: readonly ReportReason[];
  reason: ReportReason | null;
  setReason: (reason: ReportReason) => void;
  note: string;
  setNote: (note: string) => void;
  busy: boolean;
  error: string | null;
  submit: (event: FormEvent) => void;
}) {
  const { open, onOpenChange, opener, isItem, editing, reasons, reason, setReason, note, setNote, busy, error, submit } = props;
  const ids = { title: useId(), legend: useId(), note: useId(), count: useId(), error: useId() };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-labelledby={ids.title}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("input[type=radio]:checked, input[type=radio]");
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
        >
          <Dialog.Title id={ids.title} className="text-lg font-bold text-slate-900">
            {editing ? "Edit your report" : "Report a problem"}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">
            Tell us what is wrong with this {isItem ? "question" : "lesson"}. An admin reads every report.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <fieldset aria-describedby={error ? ids.error : undefined}>
              <legend id={ids.legend} className="font-semibold text-slate-900">
                What is wrong?
              </legend>
              <div className="mt-2 space-y-1">
                {reasons.map((r) => (
                  <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                    <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 accent-brand-700" />
                    {REASON_LABELS[r]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor={ids.note} className="font-semibold text-slate-900">
                Details (optional)
              </label>
              <textarea
                id={ids.note}
                value={note}
                maxLength={REPORT_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
                rows={4}
                aria-describedby={ids.count}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
              />
              <p id={ids.count} className="mt-1 text-xs text-slate-600">
                {note.length} of {REPORT_NOTE_MAX} characters. Plain text.
              </p>
            </div>
            {error ? (
              <p id={ids.error} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
                {error}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close disabled={busy} className={buttonClasses({ variant: "outline" })}>
                Cancel
              </Dialog.Close>
              <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({})}>
                {busy ? "Sending…" : editing ? "Update report" : "Send report"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
