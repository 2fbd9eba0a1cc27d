import "server-only";
import type { AuthContext, BetterAuthPlugin, Session } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { User } from "../../db/schema";
import { TwoFactorRequired, type SignInInput } from "../accounts/sign-in";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "../http/client-address";
import { describeFailure } from "../http/failure";
import { browserSignInSchema } from "../validation/accounts";

/*
 * The browser's sign-in, POST /api/auth/sign-in/password {email, password, otp?}: the same
 * account rules as POST /log_in (lib/accounts/sign-in.ts: limits, argon2id, the second factor),
 * then Better Auth's session cookie. When the account has two-factor sign-in on and no code came,
 * it answers 401 with code TWO_FACTOR_REQUIRED and the form asks for the code.
 */

export const TWO_FACTOR_REQUIRED_CODE = "TWO_FACTOR_REQUIRED";

/** The sign-in itself, handed in by lib/auth/instance.ts; it gets the instance's context from the endpoint. */
export type PasswordSignIn = (auth: AuthContext, input: SignInInput, context: { address: string; userAgent: string }) => Promise<{ user: User; session: Session }>;

/** The failure as Better Auth's error body, mapped like the API's (lib/http/failure.ts). */
function refusal(error: unknown): APIError {
  const failure = describeFailure(error);
  const code = error instanceof TwoFactorRequired ? TWO_FACTOR_REQUIRED_CODE : failure.code.toUpperCase();
  const headers: Record<string, string> = failure.retryAfterSeconds ? { "retry-after": String(failure.retryAfterSeconds) } : {};
  return new APIError(failure.status as 400, { message: failure.message, code }, headers);
}

export function passwordSignIn(signIn: PasswordSignIn) {
  return {
    id: "password-sign-in",
    endpoints: {
      signInPassword: createAuthEndpoint("/sign-in/password", { method: "POST" }, async (ctx) => {
        const parsed = browserSignInSchema.safeParse(ctx.body ?? {});
        if (!parsed.success) throw new APIError(422, { message: parsed.error.issues[0]?.message ?? "Invalid email or password.", code: "INVALID" });
        const headers = ctx.request?.headers;
        try {
          const { user, session } = await signIn(ctx.context, parsed.data, {
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
