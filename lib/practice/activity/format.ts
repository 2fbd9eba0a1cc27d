import { formatLearningTime } from "../../catalogue";

/** "18 November 2026": a date as the completion screen and the certificate print it (UTC: one date for everyone). */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * "About 45 min", "About 2.5h": time spent, counted in quarter hours (so never under 15 min), written
 * as course durations are (lib/catalogue/courses/duration.ts), so the two compare at a glance.
 */
export function formatMinutes(minutes: number): string {
  return `About ${formatLearningTime(Math.max(minutes, 15))}`;
}
