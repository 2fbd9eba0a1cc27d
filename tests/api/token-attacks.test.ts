import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { sessions } from "../../db/schema";
import { getEnv } from "../../lib/platform/env";
import { call, createUser } from "../harness/http";
import { signedCookieValue } from "../harness/session-cookie";
import { handlerOf } from "./routes";

/*
 * A review asked that no bearer token be accepted that names a user without proving a
 * live session (a JWT without exp, a sub such as "0x2"). Access tokens are now the tokens of
 * Better Auth session rows: only a token the database holds, unexpired, for an active user, opens
 * the API; anything shaped otherwise, or signed by whoever knows AUTH_SECRET, does not.
 */

const me = handlerOf("GET /users/me");
const refused = { status: 401, body: { detail: "Not authenticated. Please log in." } };
const answer = async (token: string) => {
  const res = await call(me, { token });
  return { status: res.status, body: res.body };
};

describe("bearer tokens are session tokens", () => {
  it("the token POST /log_in gave opens the API (the baseline for the refusals below)", async () => {
    const learner = await createUser();
    expect((await answer(learner.token)).status).toBe(200);
  });

  it("a token of the right shape that no session holds is refused", async () => {
    expect(await answer(randomBytes(24).toString("base64url").replace(/[-_]/g, "a").slice(0, 32))).toEqual(refused);
  });

  it("a JWT signed with AUTH_SECRET (the old token kind) names no session and is refused", async () => {
    const learner = await createUser();
    const jwt = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(learner.user.id))
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(getEnv().AUTH_SECRET));
    expect(await answer(jwt)).toEqual(refused);
  });

  it("the session token in its signed cookie form, or changed by one character, is refused as a bearer token", async () => {
    const learner = await createUser();
    expect(await answer(decodeURIComponent(signedCookieValue(learner.token)))).toEqual(refused);
    const last = learner.token.at(-1) === "a" ? "b" : "a";
    expect(await answer(`${learner.token.slice(0, -1)}${last}`)).toEqual(refused);
  });

  it("a token whose session has expired is refused", async () => {
    const learner = await createUser();
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, learner.token));
    expect(await answer(learner.token)).toEqual(refused);
  });
});
