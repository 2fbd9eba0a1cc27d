"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, call } from "@/client/api";
import { handledText, REPORT_REASONS, type ReportReason } from "@/lib/authoring/reports/reasons";
import type { MyReport } from "@/lib/authoring/reports/responses";

/** What is reported: a lesson by its place in its course, or a quiz or review item. */
export type ReportTarget = { question_id: number } | { course_id: number; section_index: number; subsection_index: number };

// The dialog's code (Radix and the form) comes with the first press, not with the page.
const ReportDialog = dynamic(() => import("./report-dialog").then((m) => m.ReportDialog), { ssr: false });

const SEND_FAILED = "Your report could not be sent. Please try again.";



/**
 * "Report a problem" (docs/product-rules.md, "Reports"): a button opening a dialog with the
 * reasons as radio buttons and an optional note. The learner's latest report here decides what
 * the line beside it says: reported (the button then edits it), or handled by an admin and what
 * came of it. Focus starts on the first reason and returns to the button; sending is announced.
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
  const opener = useRef<HTMLButtonElement>(null);
  // Mounted from the first press on, so that closing it hands focus back to the button.
  const [loaded, setLoaded] = useState(false);
  // By value, so that a new object for the same target does not fetch again.
  const { question_id, course_id, section_index, subsection_index } = target as Partial<Extract<ReportTarget, { question_id: number }> & Extract<ReportTarget, { course_id: number }>>;

  useEffect(() => {
    if (initial !== undefined) return;
    const controller = new AbortController();
    call("GET /users/me/reports", { query: { question_id, course_id, section_index, subsection_index }, fallback: "", signal: controller.signal })
      .then((data) => setReport(data.reports[0] ?? null))
      .catch(() => undefined); // The button works without it: the state line just stays empty.
    return () => controller.abort();
  }, [initial, question_id, course_id, section_index, subsection_index]);

  const editing = report?.status === "open";

  function openDialog(next: boolean) {
    if (busy) return;
    if (next) {
      setReason(editing ? report!.reason : null);
      setNote(editing ? (report!.note ?? "") : "");
      setError(null);
    }
    if (next) setLoaded(true);
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
      const saved = await call("POST /reports", { json: { ...target, reason, note: note.trim() || undefined }, fallback: SEND_FAILED });
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
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => openDialog(true)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-medium text-slate-700 underline hover:text-slate-900"
      >
        <span aria-hidden="true">⚑</span> {editing ? "Edit your report" : report ? "Report another problem" : "Report a problem"}
      </button>
      {loaded ? (
        <ReportDialog
          open={open}
          onOpenChange={openDialog}
          opener={opener}
          isItem={isItem}
          editing={editing}
          reasons={reasons}
          reason={reason}
          setReason={setReason}
          note={note}
          setNote={setNote}
          busy={busy}
          error={error}
          submit={submit}
        />
      ) : null}
      <p role="status" className="text-slate-700" data-testid="report-status">
        {announcement ? `${announcement} ` : ""}
        {report?.status === "handled" ? handledText(report.outcome) : report?.status === "open" && !announcement ? "You reported a problem here." : ""}
      </p>
    </div>
  );
}
