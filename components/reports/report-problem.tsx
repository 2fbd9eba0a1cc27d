"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { ApiError, apiFetch } from "@/lib/client/api";
import { HANDLED_TEXT, REASON_LABELS, REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from "@/lib/reports/reasons";
import type { MyReport, MyReports } from "@/lib/validation/responses/reports";

/** What is reported: a lesson by its place in its course, or a quiz or review item. */
export type ReportTarget = { question_id: number } | { course_id: number; section_index: number; subsection_index: number };

const SEND_FAILED = "Your report could not be sent. Please try again.";

function targetQuery(target: ReportTarget): string {
  return new URLSearchParams(Object.entries(target).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * "Report a problem" (docs/product-rules.md, "Reports"): a button opening a dialog with the
 * reasons as radio buttons and an optional note. The learner's latest report here decides what
 * the line beside it says: reported (the button then edits it), or handled by an admin. Focus
 * starts on the first reason and returns to the button; the outcome is announced.
 */
export function ReportProblem({ target, initial }: { target: ReportTarget; /** The learner's latest report here; left out, it is fetched. */ initial?: MyReport | null }) {
  const isItem = "question_id" in target;
  const reasons = REPORT_REASONS.filter((r) => isItem || r !== "answer_key");
  const [report, setReport] = useState<MyReport | null>(initial ?? null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const ids = { title: useId(), legend: useId(), note: useId(), count: useId(), error: useId() };
  const query = targetQuery(target);

  useEffect(() => {
    if (initial !== undefined) return;
    const controller = new AbortController();
    apiFetch<MyReports>(`/users/me/reports?${query}`, { fallback: "", signal: controller.signal })
      .then((data) => setReport(data.reports[0] ?? null))
      .catch(() => undefined); // The button works without it: the state line just stays empty.
    return () => controller.abort();
  }, [initial, query]);

  const editing = report?.status === "open";

  function openDialog(next: boolean) {
    if (busy) return;
    if (next) {
      setReason(editing ? report!.reason : null);
      setNote(editing ? (report!.note ?? "") : "");
      setError(null);
    }
    setOpen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError("Choose what is wrong.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await apiFetch<MyReport>("/reports", { method: "POST", body: { ...target, reason, note: note.trim() || undefined }, fallback: SEND_FAILED });
      setReport(saved);
      setOpen(false);
      setAnnouncement(editing ? "Your report was updated. Thank you." : "Thanks: your report was sent to the admins.");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : SEND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="report-problem">
      <Dialog.Root open={open} onOpenChange={openDialog}>
        <Dialog.Trigger className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-medium text-slate-700 underline hover:text-slate-900">
          <span aria-hidden="true">⚑</span> {editing ? "Edit your report" : report ? "Report another problem" : "Report a problem"}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            aria-labelledby={ids.title}
            className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
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
      <p role="status" className="text-slate-700" data-testid="report-status">
        {announcement ? `${announcement} ` : ""}
        {report?.status === "handled" ? HANDLED_TEXT : report?.status === "open" && !announcement ? "You reported a problem here." : ""}
      </p>
    </div>
  );
}
