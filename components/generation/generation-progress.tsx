"use client";

// Live progress of one course's generation: polls GET /courses/{id}/generation while it is Generating
// (every few seconds, slower while nothing changes or the server does not answer, paused while the tab is
// hidden) and re-renders the page on the server (router.refresh) once the status changes.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { progressText, type GenerationState } from "@/lib/generation/format";
import type { CourseGeneration } from "@/lib/generation/service";

/** First poll after this long; while nothing changes the wait grows by half each time, up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 3000;
export const MAX_DELAY_MS = 30_000;

/** The polling itself; returns the latest state (the initial one until a poll answers). */
export function useGenerationPoll(courseId: number, initial: GenerationState): GenerationState {
  const router = useRouter();
  const [state, setState] = useState(initial);
  const initialStatus = initial.status;

  useEffect(() => {
    if (initialStatus !== "Generating") return;
    let delay = BASE_DELAY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;
    let stopped = false;
    let last = { done: -1, total: -1 };

    const hidden = () => document.visibilityState === "hidden";
    const schedule = () => {
      if (stopped || hidden() || timer || inFlight) return;
      timer = setTimeout(poll, delay);
    };

    async function poll() {
      timer = undefined;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const next = await apiFetch<CourseGeneration>(`/courses/${courseId}/generation`, { fallback: "Failed to fetch generation status", signal: controller.signal });
        if (stopped) return;
        setState({ status: next.status, sections_done: next.sections_done, sections_total: next.sections_total });
        if (next.status !== initialStatus) {
          // Done or failed: the server renders the new state (the content, or the failure); polling ends here.
          stopped = true;
          router.refresh();
          return;
        }
        const moved = next.sections_done !== last.done || next.sections_total !== last.total;
        last = { done: next.sections_done, total: next.sections_total };
        delay = moved ? BASE_DELAY_MS : Math.min(Math.round(delay * 1.5), MAX_DELAY_MS);
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        // The server did not answer: back off harder, keep showing the last known state.
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      } finally {
        if (inFlight === controller) inFlight = null;
      }
      schedule();
    }

    const onVisibility = () => {
      if (hidden()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (!timer && !inFlight && !stopped) {
        // Back on the tab: look now, then at the base pace.
        delay = BASE_DELAY_MS;
        void poll();
      }
    };

    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [courseId, initialStatus, router]);

  return state;
}

/** The progress line, announced politely as it changes. */
export function GenerationProgress({ courseId, initial, className }: { courseId: number; initial: GenerationState; className?: string }) {
  const state = useGenerationPoll(courseId, initial);
  return (
    <p role="status" aria-live="polite" data-testid="generation-progress" className={className}>
      {progressText(state)}
    </p>
  );
}
