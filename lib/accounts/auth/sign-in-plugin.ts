import "server-only";
import type { AuthContext, BetterAuthPlugin, Session } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { User } from "../../../db/schema";
import { TwoFactorRequired, type SignInInput } from "../sign-in";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "../../platform/http/client-address";
import { describeFailure } from "../../platform/http/failure";
import { browserSignInSchema, registerVerifyCodeSchema } from "../schemas";

/*
 * The browser's sign-in, POST /api/auth/sign-in/password {email, password, otp?}: the same
 * account rules as POST /log_in (lib/accounts/sign-in.ts: limits, argon2id, the second factor),
 * then Better Auth's session cookie. When the account has two-factor sign-in on and no code came,
 * it answers 401 with code TWO_FACTOR_REQUIRED and the form asks for the code.
 *
 * And the browser's sign-up verify step, POST /api/auth/sign-up/verify-code {email, code,
 * signup_token}: the same check as POST /register/verify-code (lib/accounts/registration.ts: its
 * limits, the code lock, the sign-up token), then the new account's session cookie.
 */

export const TWO_FACTOR_REQUIRED_CODE = "TWO_FACTOR_REQUIRED";

/** The sign-in itself, handed in by lib/accounts/auth/instance.ts; it gets the instance's context from the endpoint. */
export type PasswordSignIn = (auth: AuthContext, input: SignInInput, context: { address: string; userAgent: string }) => Promise<{ user: User; session: Session }>;

/** The sign-up verify step, handed in the same way. */
export type SignUpSignIn = (
  auth: AuthContext,
  input: { email: string; code: string; signup_token?: string },
  context: { address: string; userAgent: string },
) => Promise<{ user: User; session: Session } | { registered: false; registration_token: string }>;

/** The failure as Better Auth's error body, mapped like the API's (lib/platform/http/failure.ts). */
function refusal(error: unknown): APIError {
  const failure = describeFailure(error);
  const code = error instanceof TwoFactorRequired ? TWO_FACTOR_REQUIRED_CODE : failure.code.toUpperCase();
  const headers: Record<string, string> = failure.retryAfterSeconds ? { "retry-after": String(failure.retryAfterSeconds) } : {};
  return new APIError(failure.status as 400, { message: failure.message, code }, headers);
}

type EndpointContext = Parameters<typeof setSessionCookie>[0];

/** The server-decided client address and the browser, as the sign-ins record them on the session. */
function requestContext(ctx: EndpointContext) {
  const headers = ctx.request?.headers;
  return { address: headers?.get(CLIENT_ADDRESS_HEADER) || UNKNOWN_ADDRESS, userAgent: headers?.get("user-agent") ?? "" };
}

/** Better Auth's session cookie for a session our rules opened. */
async function setCookieOf(ctx: EndpointContext, user: User, session: Session) {
  const authUser = { id: String(user.id), email: user.email, name: user.firstName, emailVerified: user.emailVerified, image: user.image, createdAt: user.createdAt, updatedAt: user.updatedAt };
  await setSessionCookie(ctx, { session, user: authUser });
}

function invalidBody(issues: { message: string }[], fallback: string): APIError {
  return new APIError(422, { message: issues[0]?.message ?? fallback, code: "INVALID" });
}

export function browserSignIn(signIn: PasswordSignIn, signUpSignIn: SignUpSignIn) {
  return {
    id: "browser-sign-in",
    endpoints: {
      signInPassword: createAuthEndpoint("/sign-in/password", { method: "POST" }, async (ctx) => {
        const parsed = browserSignInSchema.safeParse(ctx.body ?? {});
        if (!parsed.success) throw invalidBody(parsed.error.issues, "Invalid email or password.");
        try {
          const { user, session } = await signIn(ctx.context, parsed.data, requestContext(ctx));
          await setCookieOf(ctx, user, session);
          return ctx.json({ user: { id: user.id, role: user.role } });
        } catch (error) {
          throw refusal(error);
        }
      }),
      signUpVerifyCode: createAuthEndpoint("/sign-up/verify-code", { method: "POST" }, async (ctx) => {
        const parsed = registerVerifyCodeSchema.safeParse(ctx.body ?? {});
        if (!parsed.success) throw invalidBody(parsed.error.issues, "Please enter a valid 6-digit code.");
        try {
          const verified = await signUpSignIn(ctx.context, parsed.data, requestContext(ctx));
          // A request sent without values (the two-step flow) gets its registration token, as from the API, and no session.
          if (!("session" in verified)) return ctx.json({ message: "Code verified successfully.", ...verified });
          await setCookieOf(ctx, verified.user, verified.session);
          return ctx.json({ message: "Code verified successfully.", registered: true, user: { id: verified.user.id, role: verified.user.role } });
        } catch (error) {
          throw refusal(error);
        }
      }),
    },
  } satisfies BetterAuthPlugin;
}
