import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { getDb } from "../../../db/client";
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from "../../../db/schema";
import { emailOtpPlugin, type SendVerificationOTP } from "../email-otp";
import { getEnv } from "../../platform/env";
import { CLIENT_ADDRESS_HEADER } from "../../platform/http/client-address";
import { isHttpsUrl } from "../../platform/http/security-headers";
import { emailField } from "../schemas";
import { hashPassword, verifyPassword } from "./password";
import { secondFactorCheckedFor, TWO_FACTOR_SIGN_IN_MESSAGE, TWO_FACTOR_SIGN_IN_REQUIRED } from "./second-factor-gate";
import { SESSION_MAX_AGE_SECONDS } from "./session-constants";
import { browserSignIn, type PasswordSignIn, type SignUpSignIn } from "./sign-in-plugin";

/*
 * Accounts run on Better Auth (its Drizzle adapter on our PostgreSQL, serial ids like every other
 * table). Sessions are database rows: the browser cookie carries a signed session token, the
 * API's bearer access_token is a session token (looked up by lib/accounts/auth/caller.ts, not by Better
 * Auth: without its bearer plugin no /api/auth answer hands page scripts a token in
 * `set-auth-token`), and deleting the row ends it.
 *
 * What Better Auth does here: sessions and their cookie, sign-out, OpenID Connect sign-in
 * (genericOAuth, its authorization-code flow only: no ID token at sign-in/social, the provider's
 * tokens not kept, and refused to accounts with two-factor on: lib/accounts/auth/second-factor-gate.ts),
 * the two-factor data format, the one-time codes of sign-up and password reset
 * (email-OTP plugin, driven by lib/accounts/code-checks.ts, which adds our lock and single use). What
 * stays ours because our rules are stricter (docs/product-rules.md, "Accounts"): the password check with its
 * per-(e-mail, address), per-address and per-e-mail limits (lib/accounts/sign-in.ts, reached through
 * the sign-in plugin), the limits on sending and checking codes (lib/platform/rate-limit.ts), and the
 * client address, which the server decides (lib/platform/http/client-address.ts) and hands over in
 * CLIENT_ADDRESS_HEADER, overwriting whatever the client sent (lib/accounts/auth/handler.ts).
 *
 * This module only configures the library and imports nothing that imports it back: the plugins'
 * work (the password sign-in, a code's e-mail) is ours and sits beside code that uses the
 * instance, so it comes in as callbacks from lib/accounts/auth/instance.ts, which assembles the instance.
 */

export const AUTH_BASE_PATH = "/api/auth";
export const OIDC_PROVIDER_ID = "oidc";

/**
 * Better Auth's own endpoints that stay reachable; the rest of its routes answer 404
 * (lib/accounts/auth/handler.ts). Not /get-session: it would hand a page's scripts the session token the
 * HttpOnly cookie keeps from them.
 */
export const OPEN_AUTH_PATHS = ["/sign-in/password", "/sign-up/verify-code", "/sign-out", "/sign-in/social", `/callback/${OIDC_PROVIDER_ID}`, "/error", "/ok"];

/**
 * Better Auth's limiter (its counters in PostgreSQL, shared by every instance, per server-decided
 * client address and path) on its own open endpoints. Its window slides: each request moves it
 * on, so `max` requests with gaps under `window` seconds apart pass and the next waits. The
 * password sign-in keeps only our stricter limits (lib/accounts/sign-in.ts, lib/platform/rate-limit.ts).
 */
export const AUTH_RATE_LIMIT = {
  enabled: true,
  storage: "database",
  modelName: "authRateLimits",
  window: 60,
  max: 100,
  // One address may be a whole school behind NAT: a class signing in at once must pass, a flood not.
  customRules: {
    "/sign-in/password": false,
    // Under the code checks' own limits, per e-mail and per address (lib/accounts/registration.ts).
    "/sign-up/verify-code": false,
    // Each starts a sign-in with the identity provider (a state row, a redirect).
    "/sign-in/social": { window: 60, max: 60 },
    [`/callback/${OIDC_PROVIDER_ID}`]: { window: 60, max: 60 },
    "/sign-out": { window: 60, max: 100 },
  },
} as const;

function oidcConfig() {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return [];
  return [
    {
      providerId: OIDC_PROVIDER_ID,
      discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      mapProfileToUser: (profile: Record<string, unknown>) => ({
        email: providerEmail(profile.email),
        name: String(profile.given_name ?? profile.name ?? profile.email ?? "").slice(0, 100),
        lastName: String(profile.family_name ?? "").slice(0, 100),
      }),
    },
  ];
}

/**
 * The provider's e-mail under sign-up's rules (ASCII, then lower case), before Better Auth looks
 * anyone up by it: it lower-cases with Unicode's rules, which turn the Kelvin sign into a "k" and
 * so "\u212Aate@..." into kate's account. Null refuses the sign-in (the callback answers
 * ?error=email_not_found).
 */
function providerEmail(email: unknown): string | null {
  const parsed = emailField.safeParse(email);
  return parsed.success ? parsed.data : null;
}

/** The provider's tokens are not kept: nothing here calls the provider after sign-in (docs/security.md). */
function withoutProviderTokens<T extends Record<string, unknown>>(account: T): T {
  const kept: Record<string, unknown> = { ...account };
  for (const token of ["accessToken", "refreshToken", "idToken"]) if (token in kept) kept[token] = null;
  return kept as T;
}

/** Whether a user is active and has two-factor on, read where Better Auth makes a session or links an account. */
async function accountStateOf(userId: string | number) {
  const [user] = await getDb().select({ isActive: users.isActive, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, Number(userId)));
  return user;
}

/** The gate of lib/accounts/auth/second-factor-gate.ts: shut for a two-factor user unless our code check opened it. */
function assertSecondFactorChecked(userId: string | number, twoFactorEnabled: boolean | undefined) {
  if (twoFactorEnabled && !secondFactorCheckedFor(Number(userId))) {
    throw new APIError("FORBIDDEN", { message: TWO_FACTOR_SIGN_IN_MESSAGE, code: TWO_FACTOR_SIGN_IN_REQUIRED });
  }
}

/** What the plugins run that is ours: handed in by the module that assembles the instance. */
export type AuthCallbacks = {
  /** The browser's password sign-in (POST /api/auth/sign-in/password). */
  signIn: PasswordSignIn;
  /** The browser's sign-up verify step, which signs the new learner in (POST /api/auth/sign-up/verify-code). */
  signUpSignIn: SignUpSignIn;
  /** The e-mail of a code the email-OTP plugin made. */
  sendVerificationOTP: SendVerificationOTP;
};

export function createAuth(callbacks: AuthCallbacks) {
  const env = getEnv();
  return betterAuth({
    appName: "LearnPath",
    secret: env.AUTH_SECRET,
    baseURL: env.APP_URL,
    basePath: AUTH_BASE_PATH,
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { users, sessions, accounts, verifications, twoFactors, authRateLimits },
    }),
    user: {
      modelName: "users",
      fields: { name: "firstName" },
      additionalFields: {
        // input: the provider's family_name comes through mapProfileToUser (Better Auth's own user-editing endpoints are closed: OPEN_AUTH_PATHS).
        lastName: { type: "string", required: false, defaultValue: "", input: true },
        role: { type: "string", required: false, defaultValue: "user", input: false },
        isActive: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // A session ends a fixed time after sign-in, however often it is used.
      disableSessionRefresh: true,
    },
    account: {
      modelName: "accounts",
      // Later OpenID Connect sign-ins join an existing account only by an e-mail the provider verified.
      accountLinking: { enabled: true, trustedProviders: [] },
      // A sign-in would write the provider's fresh tokens back; none are kept (withoutProviderTokens).
      updateAccountOnSignIn: false,
    },
    verification: { modelName: "verifications" },
    // Its endpoints stay off: lib/accounts/sign-in.ts checks passwords (through the sign-in plugin). Its
    // hooks are our argon2id (lib/accounts/auth/password.ts), which lib/accounts/auth/credentials.ts calls as well.
    emailAndPassword: {
      enabled: false,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
    },
    rateLimit: AUTH_RATE_LIMIT,
    hooks: {
      // The browser starts the provider's authorization-code flow (components/auth/oidc-button.tsx); an ID
      // token handed in here would be a session without that flow's nonce, state or PKCE.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/social") return;
        const body: unknown = ctx.body;
        if (typeof body === "object" && body !== null && "idToken" in body) {
          throw new APIError("BAD_REQUEST", { message: "Sign in through your organisation's sign-in page.", code: "ID_TOKEN_NOT_ACCEPTED" });
        }
      }),
    },
    advanced: {
      database: { generateId: "serial" },
      useSecureCookies: isHttpsUrl(env.APP_URL),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Only OpenID Connect creates users through Better Auth: a learner, with the e-mail the provider verified.
          async before(user) {
            // false: no user, and Better Auth sends the browser to the error page (?error=...).
            const email = emailField.safeParse(user.email);
            if (!user.emailVerified || !email.success) return false;
            return { data: { ...user, email: email.data, role: "user", isActive: true } };
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const user = await accountStateOf(session.userId);
            if (!user?.isActive) throw new APIError("FORBIDDEN", { message: "This account has been deactivated." });
            assertSecondFactorChecked(session.userId, user.twoFactorEnabled);
          },
        },
      },
      account: {
        create: {
          // A provider's account is not linked to a user with two-factor on either (a user Better Auth is
          // creating in the same transaction is not visible here yet, and has no second factor).
          async before(account) {
            if (account.providerId !== "credential") assertSecondFactorChecked(account.userId, (await accountStateOf(account.userId))?.twoFactorEnabled);
            return { data: withoutProviderTokens(account) };
          },
        },
        update: {
          async before(account) {
            return { data: withoutProviderTokens(account) };
          },
        },
      },
    },
    plugins: [
      // Its table and its encryption; the enable/confirm/verify flows are ours (lib/accounts/auth/two-factor.ts) because POST /log_in takes the code.
      twoFactor({ issuer: "LearnPath", schema: { twoFactor: { modelName: "twoFactors" } } }),
      genericOAuth({ config: oidcConfig() }),
      emailOtpPlugin(callbacks.sendVerificationOTP),
      browserSignIn(callbacks.signIn, callbacks.signUpSignIn),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
