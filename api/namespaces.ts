import { AUTH_BASE_PATH } from "@/lib/accounts/auth/better-auth";
import type { Endpoint } from "./endpoint";

/*
 * The API's namespaces, derived from the declarations (no second list of paths): each endpoint's
 * path up to its first parameter (/courses/:id/... -> /courses, /review/due as it is), and Better
 * Auth's base path. A path at or under one that no endpoint answers is an API call to something
 * that does not exist: a JSON 404, even from a browser, rather than the pages' redirect home.
 * A page never sits under one: pages live elsewhere (docs/architecture.md).
 */
export function apiNamespaces(endpoints: readonly Pick<Endpoint, "path">[]): string[] {
  const prefixes = endpoints.map((e) => {
    const segments = e.path.split("/");
    const firstParameter = segments.findIndex((s) => s.startsWith(":"));
    return (firstParameter === -1 ? segments : segments.slice(0, firstParameter)).join("/") || "/";
  });
  return [...new Set([...prefixes, AUTH_BASE_PATH])].sort();
}

export function isUnderNamespace(pathname: string, namespaces: readonly string[]): boolean {
  return namespaces.some((namespace) => pathname === namespace || pathname.startsWith(`${namespace}/`));
}
