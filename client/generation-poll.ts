import type { GenerationState } from "@/lib/authoring/generation/format";

/*
 * The schedule behind the live generation progress, apart from React and the DOM so it can be tested:
 * poll every BASE_DELAY_MS while the course is Generating; while nothing moves (or the server does not
 * answer) wait longer each time, up to MAX_DELAY_MS; pause while the page is hidden and look at once when
 * it is shown again; stop for good when the status changes (the caller re-renders the page then).
 */

/** First poll after this long; while nothing changes the wait grows by half each time (doubles after an error). */
export const BASE_DELAY_MS = 3000;
export const MAX_DELAY_MS = 30_000;

export type GenerationPollOptions = {
  initial: GenerationState;
  fetchState: (signal: AbortSignal) => Promise<GenerationState>;
  /** Every answer, changed or not. */
  onState: (state: GenerationState) => void;
  /** The status is no longer the initial one: called once, then polling stops. */
  onStatusChange: (state: GenerationState) => void;
  isHidden: () => boolean;
  /** Calls back on every visibility change; returns the unsubscribe. */
  onVisibilityChange: (listener: () => void) => () => void;
};

/** Starts polling (nothing to do unless the course is Generating); returns stop(). */
export function startGenerationPoll(options: GenerationPollOptions): () => void {
  const { initial, fetchState, onState, onStatusChange, isHidden } = options;
  if (initial.status !== "Generating") return () => {};
  let delay = BASE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  let stopped = false;
  let last = { done: initial.sections_done, total: initial.sections_total };

  const schedule = () => {
    if (stopped || isHidden() || timer || inFlight) return;
    timer = setTimeout(() => void poll(), delay);
  };

  async function poll() {
    timer = undefined;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const next = await fetchState(controller.signal);
      if (stopped) return;
      onState(next);
      if (next.status !== initial.status) {
        stopped = true;
        onStatusChange(next);
        return;
      }
      const moved = next.sections_done !== last.done || next.sections_total !== last.total;
      last = { done: next.sections_done, total: next.sections_total };
      delay = moved ? BASE_DELAY_MS : Math.min(Math.round(delay * 1.5), MAX_DELAY_MS);
    } catch (error) {
      if (stopped || (error as Error).name === "AbortError") return;
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    } finally {
      if (inFlight === controller) inFlight = null;
    }
    schedule();
  }

  const unsubscribe = options.onVisibilityChange(() => {
    if (isHidden()) {
      clearTimeout(timer);
      timer = undefined;
    } else if (!timer && !inFlight && !stopped) {
      delay = BASE_DELAY_MS;
      void poll();
    }
  });

  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    inFlight?.abort();
    unsubscribe();
  };
}
