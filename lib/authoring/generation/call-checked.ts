import "server-only";
import type { Database } from "../../../db/client";
import { LlmError, type CallOptions, type LlmClient } from "../../platform/llm/client";
import type { ChatMessage } from "../../platform/llm/render";
import type { Task, TaskOutput } from "../../platform/llm/tasks";
import { recordRun, trackLiveCall, type RunContext, type RunStep } from "./log";

/** Calls per item when the answer is malformed or fails the checks, before the job itself fails. */
export const OUTPUT_TRIES = 3;

/** A step that cannot succeed now; the message is what admins read as the course's failure reason. */
export class GenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GenerationError";
  }
}

/**
 * One model call, repeated while the answer is malformed or fails `check`; every call is logged
 * and shown live while it streams. A failed call (server, network, stall) fails the job, whose
 * retry redoes this call only: everything before it is saved.
 */
export async function callChecked<T extends Task>(
  db: Database,
  llm: LlmClient,
  task: T,
  messages: ChatMessage[],
  check: (data: TaskOutput<T>) => string[],
  context: RunContext,
  label: string,
  options: Omit<CallOptions<T>, "onProgress"> = {},
): Promise<TaskOutput<T>> {
  const step = task as RunStep;
  let lastProblem = "";
  for (let attempt = 1; attempt <= OUTPUT_TRIES; attempt++) {
    const live = trackLiveCall(db, context, step);
    let result: Awaited<ReturnType<typeof llm.complete<T>>>;
    try {
      result = await llm.complete(task, messages, { ...options, onProgress: live.onProgress });
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      await recordRun(db, context, step, { usage: error.usage, ok: false, error: error.message });
      if (error.kind === "call_failed") throw new GenerationError(`${label}: ${error.message}`);
      lastProblem = error.message;
      continue;
    } finally {
      await live.end();
    }
    const problems = check(result.data);
    if (problems.length) {
      lastProblem = `The answer failed the content checks: ${problems.slice(0, 3).join("; ")}.`;
      await recordRun(db, context, step, { usage: result.usage, ok: false, error: lastProblem });
      continue;
    }
    await recordRun(db, context, step, { usage: result.usage, ok: true });
    return result.data;
  }
  throw new GenerationError(`${label}: ${lastProblem} (${OUTPUT_TRIES} tries)`);
}
