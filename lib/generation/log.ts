import "server-only";
import { getDb } from "../../db/client";
import { generationRuns } from "../../db/schema";
import type { LlmUsage } from "../llm/client";

export type RunStep = "topic-courses" | "outline" | "section" | "verify" | "replace-questions" | "failed";

export type RunContext = { courseId?: number | null; topicId?: number | null; attempt?: number; sectionIndex?: number | null };

/** Appends one line to the generation log (its own statement: the log survives a rolled-back step). */
export async function recordRun(
  context: RunContext,
  step: RunStep,
  result: { usage?: LlmUsage | null; ok: boolean; error?: string | null },
): Promise<void> {
  await getDb()
    .insert(generationRuns)
    .values({
      courseId: context.courseId ?? null,
      topicId: context.topicId ?? null,
      attempt: context.attempt ?? 0,
      sectionIndex: context.sectionIndex ?? null,
      step,
      model: result.usage?.model ?? null,
      promptTokens: result.usage?.promptTokens ?? 0,
      completionTokens: result.usage?.completionTokens ?? 0,
      durationMs: result.usage?.durationMs ?? 0,
      ok: result.ok,
      error: result.error ?? null,
    })
    .catch((error: unknown) => console.error("[generation] could not write the log:", error instanceof Error ? error.message : error));
}
