"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { useChange } from "@/components/ui/use-change";
import type { TopicCoursesStart } from "@/lib/authoring/sources/sources-first";

const START_FAILED = "The courses could not be started. Please try again.";

/**
 * Above a topic's sources, while it has no courses (docs/sources.md, "What admins see"): whether
 * they wait for the sources or are being written, and "Write the courses now", which the server
 * refuses while a source is still being read (its message is shown).
 */
export function TopicCoursesStartPanel({ topicId, start, reading }: { topicId: number; start: TopicCoursesStart; reading: boolean }) {
  const { busy, error, run } = useChange(START_FAILED);
  const [started, setStarted] = useState(false);
  if (start.courses > 0) return null;

  async function writeNow() {
    if (await run("POST /topics/:id/generation/start", { params: { id: topicId } }, "The topic's courses are being written.")) setStarted(true);
  }

  const writing = started || start.proposals;
  return (
    <section aria-label="This topic's courses" className="rounded-xl border border-brand-200 bg-brand-50 px-5 py-4" data-testid="courses-start">
      <p className="text-slate-900" role="status">
        <span aria-hidden="true">{writing ? "⟳ " : "… "}</span>
        {writing
          ? reading
            ? "Its courses are written once the sources are read."
            : "Its courses are being written from the sources that are ready."
          : start.sources_first || reading
            ? "Courses will be written once the sources are read."
            : "This topic has no courses yet."}
      </p>
      {writing ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="button" onClick={writeNow} disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            {busy ? "Starting…" : "Write the courses now"}
          </button>
          <span className="text-sm text-slate-700">From the sources that are ready, or the model&apos;s knowledge without any.</span>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
