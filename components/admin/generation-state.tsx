import type { AdminGenerationState } from "@/lib/authoring/generation/waiting";

/*
 * A generation state as the admin screens show it (docs/product-rules.md, Admin screens): its
 * words always, with a mark beside them (colour is never the only sign). "Waiting for a model"
 * never animates: nothing is being written.
 */

const LOOK: Record<AdminGenerationState, { mark: string; className: string }> = {
  Generated: { mark: "✓", className: "text-emerald-700" },
  Generating: { mark: "…", className: "text-amber-700" },
  Failed: { mark: "✕", className: "text-red-700" },
  "Waiting for a model": { mark: "○", className: "text-slate-700" },
};

export function GenerationState({ state, count }: { state: AdminGenerationState; count?: number }) {
  const look = LOOK[state];
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap ${look.className}`}>
      <span aria-hidden="true">{look.mark}</span>
      {count !== undefined ? `${count} ` : null}
      {state}
    </span>
  );
}

/**
 * A topic's courses by state ("2 Generated, 1 Waiting for a model"); the proposals still queued
 * count as one waiting or generating step. Without either, a topic created sources first is waiting
 * for its source files.
 */
export function TopicGenerationStates({ states, proposalsQueued, hasModel, sourcesFirst = false }: { states: AdminGenerationState[]; proposalsQueued: boolean; hasModel: boolean; sourcesFirst?: boolean }) {
  const counts = new Map<AdminGenerationState, number>();
  for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
  return (
    <ul className="space-y-1">
      {proposalsQueued ? (
        <li>
          <GenerationState state={hasModel ? "Generating" : "Waiting for a model"} />
          <span className="block text-xs text-slate-600">Course proposals queued</span>
        </li>
      ) : null}
      {[...counts].map(([state, count]) => (
        <li key={state}>
          <GenerationState state={state} count={count} />
        </li>
      ))}
      {!proposalsQueued && states.length === 0 ? <li className="text-xs text-slate-600">{sourcesFirst ? "Waiting for its source files" : "No courses"}</li> : null}
    </ul>
  );
}
