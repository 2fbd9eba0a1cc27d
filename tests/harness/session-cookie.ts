import { decode, encode, type JWT } from "next-auth/jwt";
import { authOptions } from "../../lib/auth/next-auth";
import { SESSION_MAX_AGE_SECONDS } from "../../lib/auth/sessions";
import { getEnv } from "../../lib/env";

/*
 * A browser session cookie made the way next-auth makes it at sign-in (the app's own jwt
 * callback, then next-auth's encryption), and next-auth's sign-out (the app's signOut event), so
 * API tests can replay a cookie as a thief holding a copy would.
 */

export const SESSION_COOKIE = "next-auth.session-token";

type SignedIn = { id: number; email: string; role: "user" | "admin"; tokenVersion: number };

/** The JWT next-auth stores in the cookie right after this user signs in. */
export async function signInToken(user: SignedIn): Promise<JWT> {
  const jwt = authOptions().callbacks!.jwt!;
  return jwt({ token: { email: user.email }, user: { ...user, id: String(user.id), name: "Test User" } } as Parameters<typeof jwt>[0]) as Promise<JWT>;
}

/** The Cookie header carrying this JWT (what next-auth sets, and re-sets on every refresh). */
export async function cookieFor(token: JWT): Promise<string> {
  const value = await encode({ token, secret: getEnv().AUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
  return `${SESSION_COOKIE}=${value}`;
}

/** What next-auth does on POST /api/auth/signout: decode the cookie and fire the signOut event. */
export async function signOutWith(cookie: string): Promise<void> {
  const token = await decode({ token: cookie.slice(SESSION_COOKIE.length + 1), secret: getEnv().AUTH_SECRET });
  const signOut = authOptions().events!.signOut!;
  await signOut({ token: token! } as Parameters<typeof signOut>[0]);
}
