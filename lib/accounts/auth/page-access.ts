import type { UserRole } from "../../../db/schema";

/*
 * Who may open a signed-in area's pages (/dashboard for learners, /admin for admins;
 * docs/product-rules.md, Screens). A visitor logs in; someone signed in with the other role is
 * told the page is not for them (403, with a link to their own area) instead of being shown the
 * login form they have already passed: a departure from the original specification's redirect to
 * /login for a wrong role, recorded in docs/product-rules.md.
 */
export type PageAccess = "open" | "log-in" | "not-allowed";

export function pageAccess(caller: { role: UserRole } | null, area: UserRole): PageAccess {
  if (!caller) return "log-in";
  return caller.role === area ? "open" : "not-allowed";
}
