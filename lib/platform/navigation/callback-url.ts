/*
 * Where a login may send the browser afterwards. Only same-origin paths are kept: one leading "/",
 * never "//" or "/\" (browsers read both as another host), no scheme, no control characters.
 * Used by the login form, the sign-in aliases and the area gate, so all three agree.
 */

export type Role = "user" | "admin";

const MAX_LENGTH = 2048;

/** The value as a same-origin path, or null when it is missing, external or malformed. */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

function pathOf(value: string): string {
  return value.split(/[?#]/, 1)[0] ?? "";
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The role's home: admins land on /admin, learners on /dashboard. */
export function homeFor(role: unknown): string {
  return role === "admin" ? "/admin" : "/dashboard";
}

/** After login: the callbackUrl when it is same-origin and the role may open it, else the role's home. */
export function destinationAfterLogin(callbackUrl: string | null | undefined, role: unknown): string {
  const home = homeFor(role);
  const value = sameOriginPath(callbackUrl);
  if (!value) return home;
  const path = pathOf(value);
  // A learner sent to /admin (or an admin to /dashboard) would only bounce back to /login.
  if (isUnder(path, "/admin") && role !== "admin") return home;
  if (isUnder(path, "/dashboard") && role === "admin") return home;
  if (path === "/login" || path === "/signin" || path === "/dashboard/signin") return home;
  return value;
}

/** /login, carrying a safe callbackUrl when there is one. */
export function loginUrl(callbackUrl: string | null | undefined): string {
  const value = sameOriginPath(callbackUrl);
  if (!value) return "/login";
  const path = pathOf(value);
  if (path === "/login" || path === "/signin" || path === "/dashboard/signin") return "/login";
  return `/login?${new URLSearchParams({ callbackUrl: value }).toString()}`;
}
