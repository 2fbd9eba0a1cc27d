/**
 * "in 10 minutes", "in 1 day", "now": when a review is due, said the way a learner reads it. Only
 * a time already reached is "now": a card due in 20 seconds is not due yet (the dashboard says
 * "Nothing to review now" beside it), so it reads "in less than a minute", never "now".
 */
export function dueIn(dueAt: Date, now: Date): string {
  const ms = dueAt.getTime() - now.getTime();
  if (ms <= 0) return "now";
  if (ms < 60_000) return "in less than a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `in ${days} day${days === 1 ? "" : "s"}`;
}
