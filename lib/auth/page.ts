import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { UserRole } from "../../db/schema";
import { mustSetUpTwoFactor, resolveCaller, type Caller } from "./caller";

/** The caller for this render (resolved once per request, however many components ask). */
export const getPageCaller = cache(async (): Promise<Caller | null> => resolveCaller(await headers()));

export const TWO_FACTOR_SETUP_PATH = "/two-factor-setup";

/**
 * For area layouts and pages: the caller with this role, or a redirect to /login. With
 * ADMIN_REQUIRE_TWO_FACTOR, an admin without two-factor sign-in is sent to set it up first.
 */
export async function requirePageCaller(role: UserRole): Promise<Caller> {
  const caller = await getPageCaller();
  if (!caller || caller.role !== role) redirect("/login");
  if (mustSetUpTwoFactor(caller)) redirect(TWO_FACTOR_SETUP_PATH);
  return caller;
}
