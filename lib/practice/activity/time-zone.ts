/*
 * The learner's time zone, which only the browser knows, remembered in a cookie so the server can
 * count days of learning in it and send the dashboard's streak in its HTML. Worked out in the
 * browser after hydration instead, it cost the dashboard a second render and the browser's locale
 * data: about 120 ms of Total Blocking Time under Lighthouse's mobile throttling.
 */
import { isTimeZone } from "./days";

export const TIME_ZONE_COOKIE = "tz";
const TIME_ZONE_MAX_LENGTH = 64;
// Every IANA name and UTC offset Intl knows is made of these (Area/City, Etc/GMT+5, +05:30), all
// of them allowed in a cookie value as they are.
const TIME_ZONE_SHAPE = /^[A-Za-z0-9/_+:-]+$/;

/**
 * A cookie's value when it is a time zone Intl knows, null for anything else. Kept as the browser
 * spelled it (not canonicalised: America/Argentina/Buenos_Aires would become America/Buenos_Aires),
 * so the browser's check finds it unchanged.
 */
export function knownTimeZone(value: string | undefined | null): string | null {
  if (!value || value.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_SHAPE.test(value)) return null;
  return isTimeZone(value) ? value : null;
}

/** The cookie that remembers `timeZone` for a year, as the browser writes it. */
export function timeZoneCookie(timeZone: string, secure: boolean): string {
  return `${TIME_ZONE_COOKIE}=${timeZone}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Remembers the browser's time zone for the server; in the browser only. */
export function rememberTimeZone(timeZone: string): void {
  document.cookie = timeZoneCookie(timeZone, location.protocol === "https:");
}
