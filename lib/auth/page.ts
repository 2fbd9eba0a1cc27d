import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { UserRole } from "../../db/schema";
import { resolveCaller, type Caller } from "./caller";

/** The caller for this render (resolved once per request, however many components ask). */
export const getPageCaller = cache(async (): Promise<Caller | null> => resolveCaller(await headers()));

/** For area layouts and pages: the caller with this role, or a redirect to /login. */
export async function requirePageCaller(role: UserRole): Promise<Caller> {
  const caller = await getPageCaller();
  if (!caller || caller.role !== role) redirect("/login");
  return caller;
}
