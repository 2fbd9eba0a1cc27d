/*
 * What a path no page or endpoint holds answers (docs/api.md, "Unknown paths"; docs/product-rules.md,
 * Screens): a browser gets the app's not-found page with status 404, an API call a JSON 404. A path
 * under one of the API's namespaces never gets here: the API answers it with a JSON 404 itself
 * (api/namespaces.ts). Of the rest, a request counts as an API call when it is not a GET/HEAD
 * (pages are only ever fetched) or when the client does not accept HTML.
 *
 * The server decides the kind once per request and passes it to Next.js in REQUEST_KIND_HEADER
 * (always overwritten, never a client's); Next.js's fallback rewrite (next.config.ts), which runs
 * only when no page matched, sends an API call to UNKNOWN_API_CALL_PATH for its JSON.
 * next.config.ts loads this file at run time, in the image too (the Dockerfile copies it): it
 * imports nothing.
 */

export type RequestKind = "api" | "page";

/** Set by the server on every request it hands to Next.js (server/index.ts). */
export const REQUEST_KIND_HEADER = "x-learnpath-request-kind";

/** The route handler that answers an API call to an unknown path (app/unknown-api-call/route.ts). */
export const UNKNOWN_API_CALL_PATH = "/unknown-api-call";

/** The JSON 404 an API call to an unknown path gets, wherever it is answered. */
export const NOT_FOUND_DETAIL = { detail: "Not Found" } as const;

export function isApiRequest(method: string, accept: string | null): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  return !(accept ?? "").includes("text/html");
}

export function requestKind(method: string, accept: string | null): RequestKind {
  return isApiRequest(method, accept) ? "api" : "page";
}
