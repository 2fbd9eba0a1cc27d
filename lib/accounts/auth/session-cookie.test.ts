import { serializeSignedCookie } from "better-call";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../../db/client";
import { sessions } from "../../../db/schema";
import { createUser } from "../../../tests/harness/http";
import { SESSION_COOKIES } from "./session-constants";
import { SESSION_TOKEN, sessionTokenFromCookies } from "./session-cookie";

/*
 * lib/accounts/auth/session-cookie.ts reads Better Auth's session cookie by hand (lib/accounts/auth/caller.ts, on
 * every API call). These cookies are made by Better Auth's own code: its sign-in endpoint, and
 * better-call's signed-cookie serializer (what Better Auth's setSessionCookie calls) under the
 * cookie name and secret the instance uses. A library upgrade that changes the cookie's name,
 * signature or encoding, or the token's shape, fails here.
 */

/** The Cookie header a browser sends back for one Set-Cookie header: its name=value part. */
const cookieHeaderFrom = (setCookie: string) => setCookie.split(";")[0]!;

describe("the session cookie adapter", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each(["http://localhost:3000", "https://learn.example.com"])("reads the cookie Better Auth signs when APP_URL is %s", async (appUrl) => {
    vi.stubEnv("APP_URL", appUrl);
    vi.resetModules();
    const { getAuth } = await import("./instance");
    const { getEnv } = await import("../../platform/env");
    const context = await getAuth().$context;
    const name = context.authCookies.sessionToken.name;
    expect(SESSION_COOKIES).toContain(name);
    const token = "abcdefghijklmnopqrstuvwxyzABCDEF";
    const setCookie = await serializeSignedCookie(name, token, context.secret, context.authCookies.sessionToken.attributes);
    expect(sessionTokenFromCookies(`theme=dark; ${cookieHeaderFrom(setCookie)}`, getEnv().AUTH_SECRET)).toBe(token);
  });

  it("reads the cookie of a real browser sign-in, and its token is the session row's", async () => {
    const { handleAuthRequest } = await import("./handler");
    const { getEnv } = await import("../../platform/env");
    const learner = await createUser();
    const origin = new URL(getEnv().APP_URL).origin;
    const response = await handleAuthRequest(
      new Request(`${origin}/api/auth/sign-in/password`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ email: learner.email, password: learner.password }),
      }),
      "test",
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((cookie) => SESSION_COOKIES.some((name) => cookie.startsWith(`${name}=`)));
    expect(setCookie).toBeDefined();
    const token = sessionTokenFromCookies(cookieHeaderFrom(setCookie!), getEnv().AUTH_SECRET);
    expect(token).toMatch(SESSION_TOKEN);
    const [row] = await getDb().select({ userId: sessions.userId }).from(sessions).where(eq(sessions.token, token!));
    expect(row?.userId).toBe(learner.user.id);
  });

  it("refuses a cookie signed with another secret, a bare token, and a broken encoding", async () => {
    const { getEnv } = await import("../../platform/env");
    const token = "abcdefghijklmnopqrstuvwxyzABCDEF";
    const [name] = SESSION_COOKIES;
    const forged = cookieHeaderFrom(await serializeSignedCookie(name, token, "another-secret-of-at-least-32-chars!!"));
    expect(sessionTokenFromCookies(forged, getEnv().AUTH_SECRET)).toBeNull();
    expect(sessionTokenFromCookies(`${name}=${token}`, getEnv().AUTH_SECRET)).toBeNull();
    expect(sessionTokenFromCookies(`${name}=%E0%A4%A`, getEnv().AUTH_SECRET)).toBeNull();
    expect(sessionTokenFromCookies(null, getEnv().AUTH_SECRET)).toBeNull();
  });
});
