import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer, genericOAuth, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from "../../db/schema";
import { emailOtpPlugin, type SendVerificationOTP } from "../accounts/email-otp";
import { getEnv } from "../env";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { isHttpsUrl } from "../http/security-headers";
import { hashPassword, verifyPassword } from "./password";
import { SESSION_MAX_AGE_SECONDS } from "./session-constants";
import { passwordSignIn, type PasswordSignIn } from "./sign-in-plugin";

/*
 * Accounts run on Better Auth (its Drizzle adapter on our PostgreSQL, serial ids like every other
 * table). Sessions are database rows: the browser cookie carries a signed session token, the
 * API's bearer access_token is a session token (bearer plugin), and deleting the row ends it.
 *
 * What Better Auth does here: sessions and their cookie, sign-out, OpenID Connect sign-in
 * (genericOAuth), the two-factor data format, the one-time codes of sign-up and password reset
 * (email-OTP plugin, driven by lib/accounts/code-checks.ts, which adds our lock and single use). What
 * stays ours because our rules are stricter (DESIGN.md section 6): the password check with its
 * per-(e-mail, address), per-address and per-e-mail limits (lib/accounts/sign-in.ts, reached through
 * the sign-in plugin), the limits on sending and checking codes (lib/rate-limit.ts), and the
 * client address, which the server decides (lib/http/client-address.ts) and hands over in
 * CLIENT_ADDRESS_HEADER, overwriting whatever the client sent (lib/auth/handler.ts).
 *
 * This module only configures the library and imports nothing that imports it back: the plugins'
 * work (the password sign-in, a code's e-mail) is ours and sits beside code that uses the
 * instance, so it comes in as callbacks from lib/auth/instance.ts, which assembles the instance.
 */

export const AUTH_BASE_PATH = "/api/auth";
export const OIDC_PROVIDER_ID = "oidc";

/**
 * Better Auth's own endpoints that stay reachable; the rest of its routes answer 404
 * (lib/auth/handler.ts). Not /get-session: it would hand a page's scripts the session token the
 * HttpOnly cookie keeps from them.
 */
export const OPEN_AUTH_PATHS = ["/sign-in/password", "/sign-out", "/sign-in/social", `/callback/${OIDC_PROVIDER_ID}`, "/error", "/ok"];

/**
 * Better Auth's limiter (its counters in PostgreSQL, shared by every instance, per server-decided
 * client address and path) on its own open endpoints. Its window slides: each request moves it
 * on, so `max` requests with gaps under `window` seconds apart pass and the next waits. The
 * password sign-in keeps only our stricter limits (lib/accounts/sign-in.ts, lib/rate-limit.ts).
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
        name: String(profile.given_name ?? profile.name ?? profile.email ?? "").slice(0, 100),
        lastName: String(profile.family_name ?? "").slice(0, 100),
      }),
    },
  ];
}

/** What the plugins run that is ours: handed in by the module that assembles the instance. */
export type AuthCallbacks = {
  /** The browser's password sign-in (POST /api/auth/sign-in/password). */
  signIn: PasswordSignIn;
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
    },
    verification: { modelName: "verifications" },
    // Its endpoints stay off: lib/accounts/sign-in.ts checks passwords (through the sign-in plugin). Its
    // hooks are our argon2id (lib/auth/password.ts), which lib/auth/credentials.ts calls as well.
    emailAndPassword: {
      enabled: false,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
    },
    rateLimit: AUTH_RATE_LIMIT,
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
            if (!user.emailVerified) return false;
            return { data: { ...user, email: user.email.toLowerCase(), role: "user", isActive: true } };
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const [user] = await getDb().select({ isActive: users.isActive }).from(users).where(eq(users.id, Number(session.userId)));
            if (!user?.isActive) throw new APIError("FORBIDDEN", { message: "This account has been deactivated." });
          },
        },
      },
    },
    plugins: [
      bearer({ requireSignature: false }),
      // Its table and its encryption; the enable/confirm/verify flows are ours (lib/auth/two-factor.ts) because POST /log_in takes the code.
      twoFactor({ issuer: "LearnPath", schema: { twoFactor: { modelName: "twoFactors" } } }),
      genericOAuth({ config: oidcConfig() }),
      emailOtpPlugin(callbacks.sendVerificationOTP),
      passwordSignIn(callbacks.signIn),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
