/*
 * Any unknown path redirects to "/" (docs/product-rules.md, Screens). API calls are the exception: a client calling a path
 * that does not exist must get a JSON 404, not an HTML page. The API lives at the root (/topics,
 * /users...: docs/api.md), so an unknown path counts as an API call when it sits under an API namespace, when it is
 * not a GET/HEAD (pages are only ever fetched), or when the client does not accept HTML.
 */

const API_NAMESPACES = [
  "/api",
  "/log_in",
  "/users",
  "/register",
  "/forgot-password/",
  "/two-factor/",
  "/topics",
  "/courses",
  "/enroll",
  "/mycourses",
  "/recommendations",
  "/section-quizzes",
  "/dashboard/stats",
];

function isUnderNamespace(pathname: string, namespace: string): boolean {
  if (namespace.endsWith("/")) return pathname.startsWith(namespace);
  return pathname === namespace || pathname.startsWith(`${namespace}/`);
}

export function isApiRequest(method: string, pathname: string, accept: string | null): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  if (API_NAMESPACES.some((namespace) => isUnderNamespace(pathname, namespace))) return true;
  return !(accept ?? "").includes("text/html");
}
