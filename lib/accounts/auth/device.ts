/*
 * How My Account names a session: the browser and system from its User-Agent (a hint the client
 * chose, good enough to recognise one's own devices), the address, and when it was last used.
 */

export type SessionRow = { id: number; device: string; address: string; lastSeen: string; current: boolean };

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iOS/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return ua ? "API client" : "Unknown device";
}

const LAST_SEEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function sessionRows(sessions: { id: number; user_agent: string | null; ip_address: string | null; last_seen_at: Date }[], currentId: number): SessionRow[] {
  return sessions.map((s) => ({
    id: s.id,
    device: describeDevice(s.user_agent),
    address: s.ip_address || "unknown address",
    lastSeen: `${LAST_SEEN.format(s.last_seen_at)} UTC`,
    current: s.id === currentId,
  }));
}
