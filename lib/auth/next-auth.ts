import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate } from "../accounts/login";
import { getEnv } from "../env";
import { AppError } from "../http/app-error";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "../http/database-unavailable";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "../http/client-address";
import { isHttpsUrl } from "../http/security-headers";
import { loginSchema } from "../validation/accounts";
import { browserSessionEnd, endSession, isSessionId, SESSION_MAX_AGE_SECONDS } from "./sessions";

/*
 * Browser sessions: next-auth v4, Credentials provider, JWT strategy, httpOnly SameSite=Lax
 * cookie (Secure when APP_URL is https). Sign-in shares the account rules of POST /log_in.
 * The session JWT carries the user id, role, token_version, a session id and the sign-in time;
 * lib/auth/caller.ts checks the version and the sign-out deny-list on every request, and ends the
 * session SESSION_MAX_AGE_SECONDS after sign-in however often next-auth refreshes the cookie.
 */

export function authOptions(): NextAuthOptions {
  const env = getEnv();
  return {
    secret: env.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: isHttpsUrl(env.APP_URL),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const parsed = loginSchema.safeParse(credentials ?? {});
          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid email or password.");
          try {
            const user = await authenticate(parsed.data.email, parsed.data.password, signInAddress(request?.headers));
            return {
              id: String(user.id),
              email: user.email,
              name: `${user.firstName} ${user.lastName}`.trim(),
              role: user.role,
              tokenVersion: user.tokenVersion,
            };
          } catch (error) {
            // next-auth hands this message to the login form: never a driver's error (SQL text).
            if (error instanceof AppError) throw new Error(error.message);
            if (isDatabaseUnavailable(error)) throw new Error(SERVICE_UNAVAILABLE);
            console.error("[auth] sign-in failed:", error);
            throw new Error("Something went wrong. Please try again.");
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.role = user.role;
          token.tv = user.tokenVersion;
          token.sid = randomUUID();
          token.signedInAt = Math.floor(Date.now() / 1000);
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.uid, role: token.role, name: session.user?.name ?? null, email: session.user?.email ?? null };
        return session;
      },
    },
    events: {
      // Sign-out ends the session on the server too: a copy of the cookie is refused from now on.
      async signOut({ token }) {
        if (!token || !Number.isSafeInteger(token.uid) || !isSessionId(token.sid) || !Number.isSafeInteger(token.signedInAt)) return;
        try {
          await endSession(token.uid, { sessionId: token.sid, expiresAt: browserSessionEnd(token.signedInAt) });
        } catch (error) {
          // The cookie is cleared all the same; say loudly that the session could not be ended.
          console.error("[auth] could not end the session on sign-out:", error);
        }
      },
    },
  };
}

/** The address the server decided for this request (server/index.ts sets the header on every request it hands to Next). */
function signInAddress(headers: Record<string, unknown> | undefined): string {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  return typeof value === "string" && value ? value : UNKNOWN_ADDRESS;
}
