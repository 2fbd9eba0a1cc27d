import type { GenerationLabel } from "./responses";

/* How the generation screens write costs, tokens and durations (pure; used by server and client components). */

/**
 * US dollars: small amounts keep four decimals so a cheap course does not read as $0.00. With
 * both prices set to 0 (a local model) it reads "no cost" rather than a price that was never paid.
 */
export function formatCost(usd: number, free = false): string {
  if (free) return "no cost";
  if (usd === 0) return "$0.00";
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

export function formatTokens(tokens: number): string {
  return new Intl.NumberFormat("en-GB").format(tokens);
}

/** "850 ms", "12.3 s", "4 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A UTC date and time the same on server and client: "23 Nov 2026, 11:16 UTC". */
export function formatDateTime(iso: string): string {
  return `${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

export type GenerationState = { status: GenerationLabel; sections_done: number; sections_total: number };

/** The live progress line: "Generating: 2 of 5 sections written", or the outline step before the sections are known. */
export function progressText(state: GenerationState): string {
  if (state.status !== "Generating") return state.status;
  if (state.sections_total === 0) return "Generating: planning the sections";
  return `Generating: ${state.sections_done} of ${state.sections_total} sections written`;
}
