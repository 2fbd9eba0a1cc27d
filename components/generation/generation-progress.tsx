"use client";

// Live progress of one course's generation: polls GET /courses/{id}/generation while it is Generating
// (client/generation-poll.ts: every few seconds, slower while nothing changes, paused while the tab is
// hidden) and re-renders the page on the server (router.refresh) once the status changes.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { call } from "@/client/api";
import { startGenerationPoll } from "@/client/generation-poll";
import { progressText, type GenerationState } from "@/lib/authoring/generation/format";

/** The polling itself; returns the latest state (the initial one until a poll answers). */
export function useGenerationPoll(courseId: number, initial: GenerationState, refreshOnProgress = false): GenerationState {
  const router = useRouter();
  const [state, setState] = useState(initial);
  const { status, sections_done: done, sections_total: total } = initial;

  useEffect(
    () =>
      startGenerationPoll({
        initial: { status, sections_done: done, sections_total: total },
        fetchState: async (signal) => {
          const next = await call("GET /courses/:id/generation", { params: { id: courseId }, fallback: "Failed to fetch generation status", signal });
          return { status: next.status, sections_done: next.sections_done, sections_total: next.sections_total };
        },
        onState: (next) => {
          setState(next);
          // The reader shows each section as soon as it is written: render the page again.
          if (refreshOnProgress && next.sections_done !== done) router.refresh();
        },
        // Done or failed: the server renders the new state (the content, or the failure).
        onStatusChange: () => router.refresh(),
        isHidden: () => document.visibilityState === "hidden",
        onVisibilityChange: (listener) => {
          document.addEventListener("visibilitychange", listener);
          return () => document.removeEventListener("visibilitychange", listener);
        },
      }),
    [courseId, status, done, total, router, refreshOnProgress],
  );

  return state;
}

/** The progress line, announced politely as it changes; `refreshOnProgress` re-renders the page as each section is written. */
export function GenerationProgress({ courseId, initial, className, refreshOnProgress }: { courseId: number; initial: GenerationState; className?: string; refreshOnProgress?: boolean }) {
  const state = useGenerationPoll(courseId, initial, refreshOnProgress);
  return (
    <p role="status" aria-live="polite" data-testid="generation-progress" className={className}>
      {progressText(state)}
    </p>
  );
}
