"use client";

import { useEffect, useId, useState } from "react";
import { EnrollButton } from "@/components/reader/enroll-button";
import { readerHref } from "@/components/reader/links";
import { buttonClasses } from "@/components/ui/button-classes";
import { ApiError, apiFetch } from "@/lib/client/api";
import type { CourseRequest } from "@/lib/validation/responses/course-request";
import { AttachSource, readySourceOf } from "./attach-source";

/*
 * "Write me a course on this" (docs/product-rules.md, "Course generation"): asks for a course of
 * the learner's own (POST /courses/generate, after adding the topic to their interests, which the
 * request needs), then shows it as a card that follows GET /users/me/course-request: "Being
 * written" with each section as it becomes readable, its first section opened as soon as it is
 * published, and the truth when writing failed (with Try again) or is turned off on this server.
 */

/** The server's own words (lib/learning/course-request.ts), for a server whose settings the page already knows. */
const WRITING_OFF = "Course writing is turned off here; ask your admin.";
const POLL_MS = 3000;
const MAX_POLL_MS = 30_000;

type Topic = { id: number; title: string };

export type WriteCourseProps = {
  /** One topic (a topic's page) or several to choose from (the dashboard). */
  topics: readonly Topic[];
  /** The caller's latest request as the page found it. */
  initial: CourseRequest;
  heading: string;
  intro: string;
  /** A learner may attach a file of their own (docs/sources.md): the upload limit, or null where learners may keep none. */
  sourceMaxBytes: number | null;
};

// Written and waiting for an admin's review counts as under way: the card stays until it can be read.
const under = (state: CourseRequest["state"]) => state === "waiting" || state === "writing" || state === "review";

export function WriteCourse({ topics, initial, heading, intro, sourceMaxBytes }: WriteCourseProps) {
  const headingId = useId();
  const selectId = useId();
  // A request under way or failed, on one of these topics, is shown as its card; a finished one is in
  // the course lists already. (Another topic's request is not this page's: asking here while it is
  // under way gets the server's "one at a time".)
  const mine = topics.some((t) => t.id === initial.topic_id);
  const [request, setRequest] = useState<CourseRequest | null>(mine && (under(initial.state) || initial.state === "failed") ? initial : null);
  const [topicId, setTopicId] = useState(mine ? initial.topic_id! : (topics[0]?.id ?? 0));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState("");
  const polling = request !== null && under(request.state);

  useEffect(() => {
    if (!polling) return;
    let delay = POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      if (document.hidden) {
        timer = setTimeout(poll, POLL_MS);
        return;
      }
      try {
        const next = await apiFetch<CourseRequest>("/users/me/course-request", { fallback: "Could not check on your course.", signal: controller.signal });
        setRequest(next);
        if (under(next.state)) {
          delay = POLL_MS;
          timer = setTimeout(poll, delay);
        }
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        delay = Math.min(delay * 2, MAX_POLL_MS);
        timer = setTimeout(poll, delay);
      }
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [polling]);

  async function ask(id: number) {
    setProblem(null);
    // The server refuses too (409); the page already knows, so it says so without asking.
    if (!initial.model_configured) return setProblem(WRITING_OFF);
    setBusy(true);
    try {
      await apiFetch("/users/topic-preference", { method: "POST", body: { topic_ids: [id] }, fallback: "Could not add the topic to your interests." });
      const sourceId = file && sourceMaxBytes !== null ? await readySourceOf(file, sourceMaxBytes, setProgress) : undefined;
      await apiFetch("/courses/generate", { method: "POST", body: { topic_id: id, source_id: sourceId }, fallback: "Could not ask for your course. Please try again." });
      const title = topics.find((t) => t.id === id)?.title ?? null;
      setRequest({ ...initial, state: "waiting", topic_id: id, topic_title: title, course_id: null, course_title: null, sections: [], detail: null });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Could not ask for your course. Please try again.");
    } finally {
      setBusy(false);
      setProgress("");
    }
  }

  return (
    <section id="write-a-course" aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      {request ? (
        <RequestCard request={request} onRetry={() => void ask(request.topic_id ?? topicId)} busy={busy} />
      ) : (
        <>
          <p className="mt-2 text-slate-700">{intro}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            {topics.length > 1 ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                  Topic
                </label>
                <select
                  id={selectId}
                  value={topicId}
                  onChange={(e) => setTopicId(Number(e.target.value))}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
                >
                  {topics.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.title}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {sourceMaxBytes !== null ? <AttachSource file={file} onChange={setFile} disabled={busy} maxBytes={sourceMaxBytes} /> : null}
            <button type="button" onClick={() => void ask(topicId)} disabled={busy || !topicId} aria-busy={busy} className={buttonClasses({ size: "lg" })}>
              {busy ? "Asking..." : "Write me a course on this"}
            </button>
          </div>
        </>
      )}
      <p role="status" aria-live="polite" className="mt-3 text-slate-700 empty:hidden">
        {progress}
      </p>
      <p role="alert" className="mt-3 font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </section>
  );
}

function RequestCard({ request, onRetry, busy }: { request: CourseRequest; onRetry: () => void; busy: boolean }) {
  const title = request.course_title ?? `Your ${request.topic_title ?? "new"} course`;
  const ready = request.sections.filter((s) => s.ready).length;
  const firstReady = request.course_id !== null && request.sections[0]?.ready === true;
  // Without a model nothing is being written, whatever is queued: the card says so and no more.
  const off = !request.model_configured && (request.state === "waiting" || request.state === "writing");
  const label =
    request.state === "failed" ? "Failed" : request.state === "ready" ? "Ready" : off ? "Turned off" : request.state === "review" ? "Waiting for review" : "Being written";
  const status = off
    ? "Nothing is being written."
    : request.state === "failed"
      ? "Writing this course failed."
      : request.state === "ready"
        ? "Your course is written."
        : request.state === "review"
          ? "Written, waiting for review."
          : request.state === "waiting"
            ? "Planning your course: its sections appear here as they are written."
            : `${ready} of ${request.sections.length} sections ready`;
  return (
    <article aria-label={title} className="mt-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-bold text-slate-900">{title}</p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${request.state === "failed" ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}>{label}</span>
      </div>
      {/* Polite: each section that becomes readable is announced once, without taking focus. */}
      <p aria-live="polite" className="mt-1 text-slate-700">
        {status}
        {request.detail ? ` ${request.detail}` : null}
      </p>
      {request.sections.length ? (
        <ol className="mt-3 space-y-1">
          {request.sections.map((s, i) => (
            <li key={i} className="flex items-center gap-2 text-sm text-slate-800">
              <span aria-hidden="true" className={s.ready ? "text-green-700" : "text-slate-400"}>
                {s.ready ? "✓" : "…"}
              </span>
              <span>
                Section {i + 1}: {s.title}
              </span>
              <span className={s.ready ? "font-semibold text-green-800" : "text-slate-600"}>{s.ready ? "Ready" : s.in_review ? "Written, waiting for review" : off ? "Not written" : "Being written"}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {firstReady ? (
          // Enrolling is idempotent: the first press enrols, then the reader opens at section 1.
          <EnrollButton courseId={request.course_id!} label="Read section 1" href={readerHref(request.course_id!, { sectionIndex: 0, subsectionIndex: 0 })} />
        ) : null}
        {request.state === "failed" ? (
          <button type="button" onClick={onRetry} disabled={busy} aria-busy={busy} className={buttonClasses({ size: "lg" })}>
            {busy ? "Asking..." : "Try again"}
          </button>
        ) : null}
      </div>
    </article>
  );
}
