import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GenerationState } from "@/lib/authoring/generation/format";
import { BASE_DELAY_MS, MAX_DELAY_MS, startGenerationPoll } from "./generation-poll";

const generating = (done: number, total: number): GenerationState => ({ status: "Generating", sections_done: done, sections_total: total });

/** A poll with a scripted server: each call takes the next answer (or throws it), the last one repeats. */
function setUp(answers: (GenerationState | Error)[], initial = generating(0, 4)) {
  let hidden = false;
  let visibilityListener: (() => void) | null = null;
  const calls: number[] = [];
  const states: GenerationState[] = [];
  const changes: GenerationState[] = [];
  const start = Date.now();
  const stop = startGenerationPoll({
    initial,
    fetchState: async () => {
      calls.push(Date.now() - start);
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onState: (s) => states.push(s),
    onStatusChange: (s) => changes.push(s),
    isHidden: () => hidden,
    onVisibilityChange: (listener) => {
      visibilityListener = listener;
      return () => (visibilityListener = null);
    },
  });
  const setHidden = (value: boolean) => {
    hidden = value;
    visibilityListener?.();
  };
  return { calls, states, changes, stop, setHidden, listening: () => visibilityListener !== null };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("generation progress polling", () => {
  it("does nothing for a course that is not Generating", async () => {
    const poll = setUp([generating(1, 4)], { status: "Failed", sections_done: 1, sections_total: 4 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll.calls).toEqual([]);
  });

  it("polls at the base pace while sections keep coming, and reports each answer", async () => {
    const poll = setUp([generating(1, 4), generating(2, 4), generating(3, 4)]);
    await vi.advanceTimersByTimeAsync(3 * BASE_DELAY_MS);
    expect(poll.calls).toEqual([BASE_DELAY_MS, 2 * BASE_DELAY_MS, 3 * BASE_DELAY_MS]);
    expect(poll.states.map((s) => s.sections_done)).toEqual([1, 2, 3]);
    poll.stop();
  });

  it("backs off while nothing changes, up to the maximum, and doubles after an error", async () => {
    const poll = setUp([generating(0, 4)]);
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = poll.calls.map((t, i) => t - (poll.calls[i - 1] ?? 0));
    expect(gaps.slice(0, 4)).toEqual([3000, 4500, 6750, 10125]);
    expect(Math.max(...gaps)).toBe(MAX_DELAY_MS);
    poll.stop();

    const failing = setUp([new Error("offline")]);
    await vi.advanceTimersByTimeAsync(3000 + 6000 + 12000);
    expect(failing.calls).toEqual([3000, 9000, 21000]);
    failing.stop();
  });

  it("stops and reports once when the status changes", async () => {
    const done: GenerationState = { status: "Generated", sections_done: 4, sections_total: 4 };
    const poll = setUp([generating(3, 4), done]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll.calls).toHaveLength(2);
    expect(poll.changes).toEqual([done]);
  });

  it("pauses while the page is hidden and looks at once when it is shown again", async () => {
    const poll = setUp([generating(1, 4)]);
    await vi.advanceTimersByTimeAsync(BASE_DELAY_MS);
    expect(poll.calls).toHaveLength(1);
    poll.setHidden(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll.calls).toHaveLength(1);
    poll.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.calls).toHaveLength(2);
    expect(poll.calls[1]).toBe(BASE_DELAY_MS + 120_000);
    poll.stop();
    expect(poll.listening()).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll.calls).toHaveLength(2);
  });
});
