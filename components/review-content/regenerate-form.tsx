"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { call } from "@/client/api";
import { INSTRUCTION_MAX } from "@/lib/authoring/content-review/schemas";
import type { Regeneration } from "@/lib/authoring/content-review/responses";
import { ChangeError, FIELD, useChange } from "@/components/ui/use-change";

const POLL_MS = 1500;

/**
 * "Regenerate" with an optional instruction (its example about the course's `subject`), and the
 * item's latest regeneration: pending (the page polls the course's regenerations and refreshes once
 * it is written), or failed with why. While a new version waits for review there is no form: the
 * comparison beside the item decides it first.
 */
export function RegenerateForm({
  courseId,
  itemId,
  version,
  noun,
  subject,
  latest,
}: {
  courseId: number;
  /** The question's or the lesson's (subsection's) id, as `noun` says. */
  itemId: number;
  version: number;
  noun: "question" | "lesson";
  subject: string;
  latest: Regeneration | null;
}) {
  const router = useRouter();
  const { busy, error, run } = useChange(`The ${noun} could not be sent for regeneration. Please try again.`);
  const [instruction, setInstruction] = useState("");
  const inputId = useId();
  const pendingId = latest?.status === "pending" ? latest.id : null;

  useEffect(() => {
    if (pendingId === null) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const { regenerations } = await call("GET /courses/:id/regenerations", { params: { id: courseId }, fallback: "" });
        const mine = regenerations.find((r) => r.id === pendingId);
        if (!stopped && mine && mine.status !== "pending") router.refresh();
      } catch {
        // A failed poll is tried again on the next tick.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [courseId, pendingId, router]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const key = noun === "question" ? "POST /quiz-questions/:id/regenerate" : "POST /subsections/:id/regenerate";
    if (await run(key, { params: { id: itemId }, json: { version, instruction: instruction.trim() || undefined } }, `A new version of this ${noun} is being written.`)) setInstruction("");
  }

  return (
    <div className="mt-3">
      <div aria-live="polite">
        {pendingId !== null ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="regeneration-pending">
            Being written again{latest?.instruction ? ` (“${latest.instruction}”)` : ""}…
          </p>
        ) : latest?.status === "failed" ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">The last regeneration failed: {latest.error}</p>
        ) : null}
      </div>
      {pendingId === null && latest?.status !== "in_review" ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
              Instruction for a new version (optional)
            </label>
            <input id={inputId} value={instruction} maxLength={INSTRUCTION_MAX} placeholder={`simpler, add an example about ${subject}…`} onChange={(e) => setInstruction(e.target.value)} className={FIELD} />
          </div>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ variant: "outline" })}>
            {busy ? "Sending…" : `Regenerate ${noun}`}
          </button>
        </form>
      ) : null}
      <ChangeError error={error} />
    </div>
  );
}
