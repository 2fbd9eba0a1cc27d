"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";
import type { TopicCoursesStart } from "@/lib/authoring/sources/sources-first";
import type { SourceView } from "@/lib/authoring/sources/responses";
import { TopicCoursesStartPanel } from "./topic-courses-start";
import { inProgress, SOURCE_ACCEPT, sourceStatusText, uploadErrorMessage, uploadSource } from "./upload";

/** How often the list is read again while a source is being extracted. */
const POLL_MS = 1500;

const LOAD_FAILED = "The sources could not be refreshed. Their progress shows again once the server answers.";
const DELETE_FAILED = "The source could not be deleted.";

const STATUS_STYLE: Record<SourceView["status"], string> = {
  queued: "text-slate-700",
  extracting: "text-brand-800",
  ready: "text-green-800",
  failed: "text-red-800",
};

const STATUS_ICON: Record<SourceView["status"], string> = { queued: "…", extracting: "⟳", ready: "✓", failed: "✗" };

/**
 * A topic's sources on the admin screen (docs/sources.md, "What admins see"): an upload form, the
 * list with each source's status, progress while extracting (the list is read again every 1.5 s
 * until none is in progress) and why one failed, and delete with a confirmation. A source finishing
 * is announced; file names and messages are text only.
 */
export function TopicSources({ topicId, initial, maxBytes, start }: { topicId: number; initial: SourceView[]; maxBytes: number; start: TopicCoursesStart }) {
  const router = useRouter();
  const [sources, setSources] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [toDelete, setToDelete] = useState<SourceView | null>(null);
  const [deleting, setDeleting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId(), hint: useId() };
  const polling = sources.some(inProgress);

  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("GET /topics/:id/sources", { params: { id: topicId }, fallback: LOAD_FAILED, signal: controller.signal })
        .then((next) => {
          setLoadError(null);
          const finished = next.filter((s) => !inProgress(s) && sources.some((p) => p.id === s.id && inProgress(p)));
          if (finished.length) {
            setAnnouncement(finished.map((s) => `${s.file_name}: ${sourceStatusText(s)}`).join(" "));
            // The last source read may have started the topic's courses: the panel above shows it.
            if (start.courses === 0) router.refresh();
          }
          setSources(next);
        })
        .catch((caught: unknown) => {
          if ((caught as Error).name === "AbortError") return;
          setLoadError(caught instanceof ApiError ? caught.message : LOAD_FAILED);
          // Try again later: a copy of the list with new identity restarts this effect.
          setSources((previous) => [...previous]);
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [polling, sources, topicId, start.courses, router]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError("Choose a file to upload.");
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const source = await uploadSource(topicId, file, maxBytes);
      setSources((previous) => [source, ...previous.filter((s) => s.id !== source.id)]);
      setAnnouncement(`${source.file_name} was uploaded and is waiting to be read.`);
      setFile(null);
      if (input.current) input.current.value = "";
    } catch (caught) {
      setError(uploadErrorMessage(caught));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await call("DELETE /sources/:id", { params: { id: toDelete.id }, fallback: DELETE_FAILED });
      setSources((previous) => previous.filter((s) => s.id !== toDelete.id));
      toastSuccess("Source deleted.");
      setAnnouncement(`${toDelete.file_name} was deleted.`);
      setToDelete(null);
    } catch (caught) {
      toastError(caught instanceof ApiError ? caught.message : DELETE_FAILED);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="mt-6 space-y-6">
      <TopicCoursesStartPanel topicId={topicId} start={start} reading={polling} />
      <form onSubmit={upload} noValidate className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <label htmlFor={ids.input} className="font-semibold text-slate-900">
          Add a source
        </label>
        <p id={ids.hint} className="mt-1 text-sm text-slate-700">
          PDF, Word (.docx), Markdown or plain text, at most {Math.round(maxBytes / (1024 * 1024))} MB. Scanned PDFs need a text layer.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={ids.input}
            type="file"
            accept={SOURCE_ACCEPT}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setError(null);
            }}
            className="max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-slate-50 file:px-3 file:py-1.5 file:font-medium"
          />
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "sm" })}>
            {busy ? "Uploading…" : "Upload"}
          </button>
        </div>
        {error ? (
          <p id={ids.error} role="alert" className="mt-3 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </form>

      <p aria-live="polite" role="status" className="sr-only">
        {announcement}
      </p>
      {loadError ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
          {loadError}
        </p>
      ) : null}

      {sources.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
          No sources yet. Courses of this topic are written from the model&apos;s knowledge until you add one.
        </p>
      ) : (
        <ul role="list" aria-label="Sources" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="topic-sources">
          {sources.map((source) => (
            <li key={source.id} className="flex flex-wrap items-start justify-between gap-3 px-5 py-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{source.file_name}</p>
                <p className={`mt-1 text-sm ${STATUS_STYLE[source.status]}`} data-testid="source-status">
                  <span aria-hidden="true">{STATUS_ICON[source.status]} </span>
                  {sourceStatusText(source)}
                </p>
                {source.status === "extracting" && source.pages_total ? (
                  <progress max={source.pages_total} value={source.pages_done} aria-label={`Pages read of ${source.file_name}`} className="mt-2 h-2 w-full max-w-sm" />
                ) : null}
              </div>
              <button type="button" onClick={() => setToDelete(source)} className={buttonClasses({ variant: "outline", size: "sm", className: "text-red-700" })}>
                Delete<span className="sr-only"> {source.file_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete Source"
        description={
          <>
            Delete <strong>{toDelete?.file_name}</strong> with its extracted text? Lessons that cite it will say the source was removed. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={remove}
      />
    </div>
  );
}
