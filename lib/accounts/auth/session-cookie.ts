import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { SESSION_COOKIES } from "./session-constants";

/*
 * Better Auth's session cookie, read without Better Auth. The caller is resolved on every API
 * call with one indexed query (lib/accounts/auth/caller.ts); Better Auth's getSession would run its
 * endpoint machinery and look the session and the user up separately. So this is all we assume of
 * its format: the cookie's name (SESSION_COOKIES: the __Secure- one when APP_URL is https) and its
 * value, the session token, a dot and the base64 HMAC-SHA256 of the token under AUTH_SECRET
 * (better-call's signed cookie), percent-encoded; and the token's shape (SESSION_TOKEN).
 * session-cookie.test.ts signs cookies with Better Auth's own code, so a library upgrade that
 * changes any of this fails a test, not sign-in.
 */

/** Better Auth's session tokens (bearer or in the cookie): 32 characters of [a-zA-Z0-9]. */
export const SESSION_TOKEN = /^[A-Za-z0-9]{32}$/;

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeCookie(part.slice(index + 1).trim());
  }
  return undefined;
}

/** A cookie value with broken percent-encoding (decodeURIComponent throws) is no credential. */
function decodeCookie(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The session token of a value signed the way Better Auth signs it (token.base64(HMAC-SHA256)), else null. */
function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token a request's Cookie header carries, when its signature is right; else null. */
export function sessionTokenFromCookies(cookieHeader: string | null, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const name of SESSION_COOKIES) {
    const value = cookieValue(cookieHeader, name);
    const token = value ? signedToken(value, secret) : null;
    if (token) return token;
  }
  return null;
}
