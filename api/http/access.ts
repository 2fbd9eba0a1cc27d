import type { MiddlewareHandler } from "hono";
import { getDb } from "@/db/client";
import { ADMIN_TWO_FACTOR_REQUIRED, mustSetUpTwoFactor, resolveCaller, type Caller } from "@/lib/accounts/auth/caller";
import { getEnv } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/http/app-error";
import { assertSameOrigin } from "@/lib/platform/http/same-origin";
import type { Access } from "../endpoint";
import type { ApiEnv } from "../env";

/*
 * Who may call an endpoint, checked before its body is read: the caller resolved from the bearer
 * token or the session cookie; for a change made with the cookie, the app's own origin
 * (lib/platform/http/same-origin.ts); for an admin who must set up two-factor sign-in, only what that takes.
 */

export const NOT_AUTHENTICATED = "Not authenticated. Please log in.";
export const NOT_PERMITTED = "You do not have permission to do this.";
export const NOT_YOURS = "You can only access your own data.";

export function guard(access: Access, { beforeTwoFactor = false }: { beforeTwoFactor?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(getDb(), c.req.raw.headers);
    if (access !== "public") {
      if (!caller) throw new AppError("unauthorized", NOT_AUTHENTICATED);
      if (access === "admin" && caller.role !== "admin") throw new AppError("forbidden", NOT_PERMITTED);
      if (caller.credential === "cookie") assertSameOrigin(c.req.raw, new URL(getEnv().APP_URL).origin);
      if (!beforeTwoFactor && mustSetUpTwoFactor(caller)) throw new AppError("forbidden", ADMIN_TWO_FACTOR_REQUIRED);
    }
    c.set("caller", caller);
    await next();
  };
}

/** Only the caller themself or an admin may act on a user's data. */
export function assertSelfOrAdmin(caller: Caller, userId: number): void {
  if (caller.role !== "admin" && caller.id !== userId) throw new AppError("forbidden", NOT_YOURS);
}
