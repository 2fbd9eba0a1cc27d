import { createHmac } from "node:crypto";
import { handleAuthRequest } from "../../lib/accounts/auth/handler";
import { getAuth } from "../../lib/accounts/auth/instance";
import { startSession } from "../../lib/accounts/auth/sessions";
import { getEnv } from "../../lib/platform/env";

/*
 * A browser session as Better Auth makes it at sign-in (a session row, and a cookie holding its
 * token signed with AUTH_SECRET), and Better Auth's own sign-out endpoint, so API tests can
 * replay a cookie as a thief holding a copy would.
 */

export const SESSION_COOKIE = "better-auth.session_token";

/** The cookie value Better Auth sets for a session token: token.base64(HMAC-SHA256(AUTH_SECRET, token)). */
export function signedCookieValue(token: string, secret = getEnv().AUTH_SECRET): string {
  return encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);
}

/** A new browser session for this user: its token and the Cookie header carrying it. */
export async function browserSessionFor(userId: number, options: { expiresAt?: Date } = {}): Promise<{ token: string; cookie: string }> {
  const session = await startSession(await getAuth().$context, userId, { address: "test", userAgent: "test browser", ...options });
  return { token: session.token, cookie: `${SESSION_COOKIE}=${signedCookieValue(session.token)}` };
}

/** POST /api/auth/sign-out with this cookie, as the logout button sends it. */
export async function signOutWith(cookie: string): Promise<Response> {
  const origin = new URL(getEnv().APP_URL).origin;
  const request = new Request(`${origin}/api/auth/sign-out`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: "{}",
  });
  return handleAuthRequest(request, "test");
}
