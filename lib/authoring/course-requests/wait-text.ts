/*
 * How long until something comes back, as the learner reads it: "in 3 h 20 min", never a clock
 * time in UTC (docs/product-rules.md, "Course requests"). Pure: the server's messages and the
 * screens say it the same way.
 */

/** "3 h 20 min", "3 h", "45 min", at least "1 min". */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${minutes} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Seconds from `now` until `at` (never below 1). */
export function secondsUntil(at: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
