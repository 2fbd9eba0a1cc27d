import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "../../../db/client";
import type { UserRole } from "../../../db/schema";
import { mustSetUpTwoFactor, resolveCaller, type Caller } from "./caller";
import { pageAccess } from "./page-access";

/**
 * The caller for this render (resolved once per request, however many components ask). The pages'
 * session helper is where a page request meets the database, as the access check is for the API:
 * it takes the handle itself, after the request's headers, so a page the build prerenders (no
 * request, no database) never opens one.
 */
export const getPageCaller = cache(async (): Promise<Caller | null> => {
  const requestHeaders = await headers();
  return resolveCaller(getDb(), requestHeaders);
});

/**
 * The caller's role for a public page, or null for a visitor. A page that cannot reach the database
 * still renders, as for a visitor.
 */
export async function getPageRole(): Promise<UserRole | null> {
  const caller = await getPageCaller().catch(() => null);
  return caller?.role ?? null;
}

export const TWO_FACTOR_SETUP_PATH = "/two-factor-setup";

/**
 * For area layouts and pages: the caller with this role. A visitor is redirected to /login;
 * someone signed in with the other role gets the not-allowed page (app/forbidden.tsx, 403;
 * lib/accounts/auth/page-access.ts). With ADMIN_REQUIRE_TWO_FACTOR, an admin without two-factor sign-in is
 * sent to set it up first.
 */
export async function requirePageCaller(role: UserRole): Promise<Caller> {
  const caller = await getPageCaller();
  const access = pageAccess(caller, role);
  if (access === "log-in" || !caller) redirect("/login");
  if (access === "not-allowed") forbidden();
  if (mustSetUpTwoFactor(caller)) redirect(TWO_FACTOR_SETUP_PATH);
  return caller;
}
