import { processMetrics } from "./registry";

/*
 * Counts around every model call (lib/platform/llm/client.ts): tokens by task and type, and the call's
 * duration by task and outcome. Failed calls count too, with the tokens they cost; the error is
 * recognised by its shape (LlmError's kind, timedOut and usage) so this module needs nothing
 * from the client.
 */

type Usage = { promptTokens: number; completionTokens: number; durationMs: number };
type Failure = { kind: string; timedOut: boolean; usage: Usage };

function isFailure(error: unknown): error is Failure {
  return typeof error === "object" && error !== null && "kind" in error && "usage" in error && "timedOut" in error;
}

function record(task: string, outcome: string, usage: Usage): void {
  const metrics = processMetrics();
  metrics.modelCallDuration.observe({ task, outcome }, usage.durationMs / 1000);
  if (usage.promptTokens) metrics.modelTokens.inc({ task, type: "prompt" }, usage.promptTokens);
  if (usage.completionTokens) metrics.modelTokens.inc({ task, type: "completion" }, usage.completionTokens);
}

/** Awaits one model call and records it, failed or not; passes its result or error through. */
export async function observeModelCall<R extends { usage: Usage }>(task: string, call: Promise<R>): Promise<R> {
  try {
    const result = await call;
    record(task, "ok", result.usage);
    return result;
  } catch (error) {
    if (isFailure(error)) record(task, error.timedOut ? "timeout" : error.kind, error.usage);
    throw error;
  }
}
