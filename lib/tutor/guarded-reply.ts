import "server-only";
import type { ChatEnd } from "../platform/llm/chat";
import type { GuardCheck, GuardVerdict } from "./guard-check";
import { createLeakGuard, type GuardedItem } from "./leak-guard";

/*
 * A model's reply through the whole answer guard (docs/tutor.md, "The answer guard"): the rules
 * (leak-guard.ts) judge each sentence as it streams; with a model check configured, a sentence
 * they held and found nothing in waits for the check's verdict (guard-check.ts) while the model
 * goes on writing behind it. A stated answer, from either, stops the model and ends the text with
 * a `cut`; the last sentence is judged like the others. At most MAX_CHECKS checks per reply: a
 * reply that would need more is cut at the next one (fail closed), as a check that fails is.
 */

export type GuardedEvent = { type: "text"; text: string } | { type: "cut"; item: number | null };

export type GuardedEnd = { end: ChatEnd; checks: { calls: number; promptTokens: number; completionTokens: number } };

/** The model checks one reply may ask for; their cost is reserved with the turn. */
export const MAX_CHECKS = 4;

const TOO_MANY_CHECKS: GuardVerdict = { leak: true, item: null, problem: "too many held sentences", usage: { promptTokens: 0, completionTokens: 0 } };

type Step = { kind: "chunk"; result: IteratorResult<string, ChatEnd> } | { kind: "verdict"; verdict: GuardVerdict };

export async function* guardedReply(
  source: AsyncGenerator<string, ChatEnd>,
  items: GuardedItem[],
  options: { check: GuardCheck | null; stop: () => void; signal: AbortSignal },
): AsyncGenerator<GuardedEvent, GuardedEnd> {
  const { check, stop, signal } = options;
  const guard = createLeakGuard(items, { review: check !== null });
  const checks = { calls: 0, promptTokens: 0, completionTokens: 0 };
  const checking = new AbortController();
  const onStop = () => checking.abort();
  signal.addEventListener("abort", onStop, { once: true });
  let next: Promise<Step> | null = source.next().then((result) => ({ kind: "chunk", result }));
  let verdict: Promise<Step> | null = null;
  let end: ChatEnd | null = null;
  let cutSent = false;

  function* emit(text: string): Generator<GuardedEvent> {
    if (text) yield { type: "text", text };
    if (guard.cut && !cutSent) {
      cutSent = true;
      stop();
      yield { type: "cut", item: guard.leakedItem };
    }
  }

  try {
    for (;;) {
      const held = guard.awaiting;
      if (held && !verdict && !guard.cut && !signal.aborted) {
        const call = checks.calls < MAX_CHECKS ? check!.check(held, items, checking.signal) : Promise.resolve(TOO_MANY_CHECKS);
        if (checks.calls < MAX_CHECKS) checks.calls++;
        verdict = call.then((v) => ({ kind: "verdict", verdict: v }));
      }
      // The learner stopped: held text is never shown, and no verdict is waited for.
      if (end && (!verdict || guard.cut || signal.aborted)) break;
      const step = await Promise.race([next, verdict].filter((p) => p !== null));
      if (step.kind === "verdict") {
        verdict = null;
        checks.promptTokens += step.verdict.usage.promptTokens;
        checks.completionTokens += step.verdict.usage.completionTokens;
        if (!signal.aborted) yield* emit(guard.settle(step.verdict));
      } else if (step.result.done) {
        end = step.result.value;
        next = null;
        yield* emit(guard.end());
      } else {
        next = source.next().then((result) => ({ kind: "chunk", result }));
        yield* emit(guard.push(step.result.value));
      }
    }
  } finally {
    signal.removeEventListener("abort", onStop);
    checking.abort();
  }
  return { end: end!, checks };
}
