/** "18 November 2026": a date as the completion screen and the certificate print it (UTC: one date for everyone). */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/** "About 45 min", "About 2 h 15 min": time spent, counted in quarter hours (so never under 15 min). */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `About ${Math.max(minutes, 15)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} h${rest ? ` ${rest} min` : ""}`;
}
