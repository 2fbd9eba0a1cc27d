import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { generationLiveCalls, generationRuns } from "../../../db/schema";
import type { LlmProgress, LlmUsage } from "../../platform/llm/client";
import { logger } from "../../platform/log/logger";

export type RunStep = "topic-courses" | "outline" | "subsection" | "questions" | "verify" | "replace-questions" | "question-variants" | "source-questions" | "grounding" | "judge" | "failed";

/** `courseRequestId`: the learner's request a planning call is for (what the server-wide cap counts, lib/authoring/course-requests/cap.ts). */
export type RunContext = { courseId?: number | null; topicId?: number | null; courseRequestId?: number | null; attempt?: number; sectionIndex?: number | null; subsectionIndex?: number | null };

const logError = (what: string) => (error: unknown) => logger().error({ err: error }, `generation: could not ${what}`);

/** Appends one line to the generation log (its own statement: the log survives a rolled-back step). */
export async function recordRun(
  db: Database,
  context: RunContext,
  step: RunStep,
  result: { usage?: LlmUsage | null; ok: boolean; error?: string | null },
): Promise<void> {
  await db
    .insert(generationRuns)
    .values({
      courseId: context.courseId ?? null,
      topicId: context.topicId ?? null,
      courseRequestId: context.courseRequestId ?? null,
      attempt: context.attempt ?? 0,
      sectionIndex: context.sectionIndex ?? null,
      subsectionIndex: context.subsectionIndex ?? null,
      step,
      model: result.usage?.model ?? null,
      promptTokens: result.usage?.promptTokens ?? 0,
      completionTokens: result.usage?.completionTokens ?? 0,
      durationMs: result.usage?.durationMs ?? 0,
      ok: result.ok,
      error: result.error ?? null,
    })
    .catch(logError("write the log"));
}

/**
 * Shows one streaming call on the admin panel: a row in generation_live_calls, updated with each
 * progress report and removed by end(). Best effort: a failed write never fails the call.
 */
export function trackLiveCall(db: Database, context: RunContext, step: RunStep) {
  let id: Promise<number | undefined> | undefined;
  let latest: LlmProgress | undefined;
  let writing: Promise<unknown> = Promise.resolve();

  const onProgress = (progress: LlmProgress) => {
    latest = progress;
    id ??= db
      .insert(generationLiveCalls)
      .values({
        courseId: context.courseId ?? null,
        topicId: context.topicId ?? null,
        step,
        sectionIndex: context.sectionIndex ?? null,
        subsectionIndex: context.subsectionIndex ?? null,
        model: progress.model,
        startedAt: progress.startedAt,
      })
      .returning({ id: generationLiveCalls.id })
      .then(([row]) => row?.id)
      .catch((error: unknown) => (logError("show a live call")(error), undefined));
    // One write at a time, each with the newest numbers.
    writing = writing.then(async () => {
      const rowId = await id;
      if (rowId === undefined || !latest) return;
      await db
        .update(generationLiveCalls)
        .set({ model: latest.model, firstTokenAt: latest.firstTokenAt, completionTokens: latest.completionTokens, updatedAt: sql`now()` })
        .where(eq(generationLiveCalls.id, rowId))
        .catch(logError("update a live call"));
    });
  };

  const end = async () => {
    await writing;
    const rowId = await id;
    if (rowId !== undefined) await db.delete(generationLiveCalls).where(eq(generationLiveCalls.id, rowId)).catch(logError("clear a live call"));
  };

  return { onProgress, end };
}
