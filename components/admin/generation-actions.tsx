"use client";

// The Generation page's buttons: Retry a failed course or topic (POST, then the server-rendered tables
// refresh) and a course's generation log in a dialog (GET /courses/:id/generation/log).
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";
import { formatCost, formatDuration, formatTokens } from "@/lib/authoring/generation/format";
import type { GenerationLog } from "@/lib/authoring/generation/responses";

const RETRY_FAILED = "Failed to retry generation";
const LOG_FAILED = "Failed to fetch generation log";

/** A POST from a table row (`send`, with the message for when the server gives none), then the server-rendered tables refresh; `done` says what happened. */
function RowAction({ send, title, label, busyLabel, fallback, done }: { send: (fallback: string) => Promise<unknown>; title: string; label: string; busyLabel: string; fallback: string; done: () => string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const pending = busy || refreshing;

  async function run() {
    setBusy(true);
    try {
      await send(fallback);
      toastSuccess(done());
      startTransition(() => router.refresh());
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={run} disabled={pending} aria-busy={pending || undefined} className={buttonClasses({ size: "sm" })}>
      {pending ? busyLabel : label}
      <span className="sr-only"> {title}</span>
    </button>
  );
}

/** Retry for a failed course (`kind: "course"`) or a topic whose course proposals failed (`kind: "topic"`). */
export function RetryButton({ kind, id, title, modelConfigured }: { kind: "course" | "topic"; id: number; title: string; modelConfigured: boolean }) {
  return (
    <RowAction
      send={(fallback) => call(kind === "course" ? "POST /courses/:id/generation/retry" : "POST /topics/:id/generation/retry", { params: { id }, fallback })}
      title={title}
      label="Retry"
      busyLabel="Retrying..."
      fallback={RETRY_FAILED}
      // Without a model the retry only queues: say so (docs/product-rules.md, Admin screens).
      done={() =>
        !modelConfigured ? "Queued again. It will be written once a model is connected." : kind === "course" ? "Generation restarted." : "The topic's courses are being generated."
      }
    />
  );
}

/** 'Log' opens the course's generation log: every step with its model, tokens, duration, cost and error. */
export function CourseLogButton({ courseId, title }: { courseId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<GenerationLog | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    setLog(null);
    setError(null);
    try {
      setLog(await call("GET /courses/:id/generation/log", { params: { id: courseId }, fallback: LOG_FAILED }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : LOG_FAILED);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          void load();
        }}
        className={buttonClasses({ variant: "outline", size: "sm" })}
      >
        Log<span className="sr-only"> of {title}</span>
      </button>
      <AdminDialog open={open} onOpenChange={setOpen} wide title={`Generation log: ${title}`} description="Each step of this course's generation, oldest first.">
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : !log ? (
          <p role="status" className="text-slate-700">
            Loading the log...
          </p>
        ) : (
          <LogContent log={log} />
        )}
      </AdminDialog>
    </>
  );
}

function LogContent({ log }: { log: GenerationLog }) {
  const { course, runs, totals, free } = log;
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-800">
        Status: <strong>{course.status}</strong>
        {course.sections_total > 0 ? ` · ${course.sections_done} of ${course.sections_total} sections written` : null} · attempt {course.attempt}
      </p>
      {course.error ? <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">Reason: {course.error}</p> : null}
      {course.notice ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">{course.notice}</p> : null}
      {runs.length === 0 ? (
        <p className="text-slate-700">No steps logged for this course yet.</p>
      ) : (
        <>
          <p className="text-slate-700">
            {totals.calls} model {totals.calls === 1 ? "call" : "calls"} ({totals.failed_calls} failed) ·{" "}
            {formatTokens(totals.prompt_tokens + totals.completion_tokens)} tokens · {formatDuration(totals.duration_ms)} in the model · est.{" "}
            {formatCost(totals.cost_usd, free)}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">Generation steps</caption>
              <thead className="border-b border-slate-200 font-semibold text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">Step</th>
                  <th scope="col" className="py-2 pr-3">Model</th>
                  <th scope="col" className="py-2 pr-3 text-right">Tokens</th>
                  <th scope="col" className="py-2 pr-3 text-right">Duration</th>
                  <th scope="col" className="py-2 pr-3 text-right">Cost</th>
                  <th scope="col" className="py-2">Result</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {runs.map((run) => (
                  <tr key={run.id}>
                    <td className="py-2 pr-3 align-top">
                      {run.step}
                      {run.section_index !== null ? ` (section ${run.section_index + 1})` : null}
                    </td>
                    <td className="py-2 pr-3 align-top">{run.model ?? "—"}</td>
                    <td className="py-2 pr-3 text-right align-top tabular-nums">{formatTokens(run.prompt_tokens + run.completion_tokens)}</td>
                    <td className="py-2 pr-3 text-right align-top tabular-nums">{formatDuration(run.duration_ms)}</td>
                    <td className="py-2 pr-3 text-right align-top tabular-nums">{formatCost(run.cost_usd, free)}</td>
                    <td className="py-2 align-top">{run.ok ? "OK" : <span className="text-red-800">Error: {run.error ?? "unknown"}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

const PUBLISH_FAILED = "Failed to publish the course";

/** Publish a course waiting for review: learners get it and every section written so far (POST /courses/:id/publish). */
export function PublishButton({ courseId, title }: { courseId: number; title: string }) {
  return (
    <RowAction
      send={(fallback) => call("POST /courses/:id/publish", { params: { id: courseId }, fallback })}
      title={title}
      label="Publish"
      busyLabel="Publishing..."
      fallback={PUBLISH_FAILED}
      done={() => `"${title}" is published: learners can read it.`}
    />
  );
}
