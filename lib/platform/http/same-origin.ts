import { AppError } from "./app-error";

/*
 * Cookie-authenticated changes must come from the app's own pages. SameSite=Lax keeps the cookie
 * off cross-site requests, but a sibling subdomain is the same "site", and a bodyless form post
 * needs no CORS preflight: the browser's Origin and Sec-Fetch-Site headers (which pages cannot
 * set) tell such a request apart. Bearer calls carry no ambient credential and need no check.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused: changes made with your session must come from this app's own pages.";

/** Throws 403 unless a state-changing request comes from `appOrigin` (Origin) or says it is same-origin (Sec-Fetch-Site). */
export function assertSameOrigin(request: Request, appOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.get("sec-fetch-site") === "same-origin") return;
  if (request.headers.get("origin") === appOrigin) return;
  throw new AppError("forbidden", CROSS_SITE_REFUSED);
}
