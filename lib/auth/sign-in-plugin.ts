import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { signIn, TwoFactorRequired } from "../accounts/login";
import { AppError } from "../http/app-error";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "../http/client-address";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "../http/database-unavailable";
import { browserSignInSchema } from "../validation/accounts";

/*
 * The browser's sign-in, POST /api/auth/sign-in/password {email, password, otp?}: the same
 * account rules as POST /log_in (lib/accounts/login.ts: limits, argon2id, the second factor),
 * then Better Auth's session cookie. When the account has two-factor sign-in on and no code came,
 * it answers 401 with code TWO_FACTOR_REQUIRED and the form asks for the code.
 */

export const TWO_FACTOR_REQUIRED_CODE = "TWO_FACTOR_REQUIRED";

function refusal(error: unknown): APIError {
  if (error instanceof TwoFactorRequired) return new APIError(401, { message: error.message, code: TWO_FACTOR_REQUIRED_CODE });
  if (error instanceof AppError) {
    const headers: Record<string, string> = error.extra.retryAfterSeconds ? { "retry-after": String(error.extra.retryAfterSeconds) } : {};
    return new APIError(error.status as 400, { message: error.message, code: error.code.toUpperCase() }, headers);
  }
  // Never a driver's error text (SQL) in the form.
  if (isDatabaseUnavailable(error)) return new APIError(503, { message: SERVICE_UNAVAILABLE, code: "UNAVAILABLE" }, { "retry-after": "5" });
  console.error("[auth] sign-in failed:", error);
  return new APIError(500, { message: "Something went wrong. Please try again.", code: "INTERNAL" });
}

export function passwordSignIn() {
  return {
    id: "password-sign-in",
    endpoints: {
      signInPassword: createAuthEndpoint("/sign-in/password", { method: "POST" }, async (ctx) => {
        const parsed = browserSignInSchema.safeParse(ctx.body ?? {});
        if (!parsed.success) throw new APIError(422, { message: parsed.error.issues[0]?.message ?? "Invalid email or password.", code: "INVALID" });
        const headers = ctx.request?.headers;
        try {
          const { user, session } = await signIn(parsed.data, {
            address: headers?.get(CLIENT_ADDRESS_HEADER) || UNKNOWN_ADDRESS,
            userAgent: headers?.get("user-agent") ?? "",
          });
          const authUser = { id: String(user.id), email: user.email, name: user.firstName, emailVerified: user.emailVerified, image: user.image, createdAt: user.createdAt, updatedAt: user.updatedAt };
          await setSessionCookie(ctx, { session, user: authUser });
          return ctx.json({ user: { id: user.id, role: user.role } });
        } catch (error) {
          throw refusal(error);
        }
      }),
    },
  } satisfies BetterAuthPlugin;
}
