import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMIT } from "../../lib/accounts/auth/better-auth";
import { handleAuthRequest } from "../../lib/accounts/auth/handler";
import { getEnv } from "../../lib/platform/env";
import { createUser } from "../harness/http";

/*
 * Better Auth's own rate limiter (its counters in PostgreSQL) guards its open endpoints,
 * per client address as the server decided it: a flood of OpenID Connect sign-in starts from one
 * address gets 429, and another address is not held back by it.
 */

const origin = new URL(getEnv().APP_URL).origin;

const startSignIn = (address: string) =>
  handleAuthRequest(
    new Request(`${origin}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ provider: "oidc", callbackURL: "/login?continue=1", errorCallbackURL: "/login" }),
    }),
    address,
  );

describe("Better Auth's rate limiter", () => {
  it("answers 429 to a flood of POST /api/auth/sign-in/social from one address, and not to another address", async () => {
    const { max } = AUTH_RATE_LIMIT.customRules["/sign-in/social"];
    const attacker = "127.0.0.7";
    const first = await startSignIn(attacker);
    expect(first.status).not.toBe(429);
    for (let i = 1; i < max; i++) expect((await startSignIn(attacker)).status).toBe(first.status);

    const flooded = await startSignIn(attacker);
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect((await startSignIn(attacker)).status).toBe(429);

    // Someone else, at the same moment, starts a sign-in as usual.
    expect((await startSignIn("127.0.0.8")).status).toBe(first.status);
  });

  it("leaves the browser's password sign-in to our own limits (10 failures per e-mail and address), not its 3 per 10 s", async () => {
    const learner = await createUser();
    const signIn = (password: string) =>
      handleAuthRequest(
        new Request(`${origin}/api/auth/sign-in/password`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ email: learner.email, password }),
        }),
        "127.0.0.9",
      );
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-password-${i}`)).status).toBe(401);
    expect((await signIn(learner.password)).status).toBe(200);
  });
});
