/*
 * Any unknown path redirects to "/" (docs/product-rules.md, Screens). API calls are the exception: a client calling a path
 * that does not exist must get a JSON 404, not an HTML page. A path under one of the API's
 * namespaces never gets here: the API answers it with a JSON 404 itself (api/namespaces.ts). Of
 * the rest, a request counts as an API call when it is not a GET/HEAD (pages are only ever
 * fetched) or when the client does not accept HTML.
 */
export function isApiRequest(method: string, accept: string | null): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  return !(accept ?? "").includes("text/html");
}
