"use client";

import { useId, useState } from "react";
import { EnrollButton } from "@/components/reader/enroll-button";
import { readerHref } from "@/components/reader/links";
import { buttonClasses } from "@/components/ui/button-classes";
import { ApiError, call } from "@/client/api";
import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { CourseRequestView } from "@/lib/authoring/course-requests/responses";
import { LENGTH_LABELS } from "./lengths";
import { useRequestPoll } from "./use-request-poll";

/*
 * One course request followed to the end (docs/product-rules.md, "Course requests"): its own card,
 * whose state is this request's and never another's. Planning, then each section of its outline as
 * it is written, waiting for review, ready, or failed with where and why, and Try again, which
 * resumes this request (no new one, none of the day's requests used). The status line is a polite
 * live region: each change is read out once, without taking focus.
 */

const BADGE: Record<CourseRequestView["state"], string> = { planning: "Planning", writing: "Being written", review: "Waiting for review", ready: "Ready", failed: "Failed" };
const SECTION: Record<CourseRequestView["sections"][number]["state"], string> = {
  ready: "Ready",
  writing: "Being written",
  review: "Written, waiting for review",
  stopped: "Not written: writing stopped",
};

/** The server's own words (lib/authoring/course-requests/writing-off.ts). */
const WRITING_OFF = "Course writing is turned off here; ask your admin.";

function statusText(view: CourseRequestView, off: boolean): string {
  if (off) return `Nothing is being written. ${WRITING_OFF}`;
  const left = view.ready_in_minutes ? ` About ${view.ready_in_minutes} min left.` : "";
  switch (view.state) {
    case "planning":
      return `Planning your course: its sections appear here as they are written.${left}`;
    case "writing":
      return `${view.sections_ready} of ${view.sections.length} sections ready.${left}`;
    case "review":
      return "Written, waiting for review.";
    case "ready":
      return "Your course is written.";
    case "failed":
      return view.detail ?? "Writing this course stopped.";
  }
}

export function RequestCard({ initial }: { initial: CourseRequestView }) {
  const [view, setView] = useRequestPoll(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const title = view.course_title ?? `Your course on ${view.subject}`;
  // Without a model nothing is being written, whatever is queued: the card says so and no more.
  const off = view.detail === WRITING_OFF;
  const firstReady = view.course_id !== null && view.sections[0]?.state === "ready";

  async function resume() {
    setProblem(null);
    setBusy(true);
    try {
      setView(await call("POST /course-requests/:id/resume", { params: { id: view.id }, fallback: "Could not start writing again. Please try again." }));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Could not start writing again. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const failed = view.state === "failed";
  return (
    <article id={`request-${view.id}`} aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-brand-50 p-4" data-testid="course-request">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {title}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${failed ? "bg-red-100 text-red-800" : view.state === "ready" ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}>
          {off ? "Turned off" : BADGE[view.state]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {view.free_text && view.course_title ? `You asked for: ${view.subject} · ` : null}
        {view.level} · {LENGTH_LABELS[view.length]} (about {formatLearningTime(view.planned_minutes)})
      </p>
      <p aria-live="polite" className={`mt-2 ${failed ? "font-medium text-red-800" : "text-slate-800"}`}>
        {statusText(view, off)}
      </p>
      {view.sections.length ? (
        <ol className="mt-3 space-y-1">
          {view.sections.map((s, i) => (
            <li key={i} className="flex flex-wrap items-center gap-x-2 text-sm text-slate-800">
              <span aria-hidden="true" className={s.state === "ready" ? "text-green-700" : s.state === "stopped" ? "text-red-700" : "text-slate-500"}>
                {s.state === "ready" ? "✓" : s.state === "stopped" ? "✕" : "…"}
              </span>
              <span>
                Section {i + 1}: {s.title}
              </span>
              <span className={s.state === "ready" ? "font-semibold text-green-800" : s.state === "stopped" ? "text-red-800" : "text-slate-600"}>
                {off && s.state === "writing" ? "Not written" : SECTION[s.state]}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {firstReady ? (
          // Enrolled when it was planned; enrolling again changes nothing, and the reader opens at section 1.
          <EnrollButton courseId={view.course_id!} label={view.state === "ready" ? "Start your course" : "Read section 1"} href={readerHref(view.course_id!, { sectionIndex: 0, subsectionIndex: 0 })} />
        ) : null}
        {failed && view.can_resume ? (
          <button type="button" onClick={() => void resume()} disabled={busy} aria-busy={busy} className={buttonClasses({ size: "lg" })}>
            {busy ? "Starting again..." : "Try again"}
          </button>
        ) : null}
      </div>
      <p role="alert" className="mt-2 font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </article>
  );
}
