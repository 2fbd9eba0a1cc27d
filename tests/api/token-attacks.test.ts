import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { getEnv } from "../../lib/env";
import { call, createUser } from "../harness/http";
import { handlerOf } from "./routes";

/*
 * Issue 14, item 11: a bearer token without `exp` was accepted (it never expires), and `sub`
 * values such as "0x2" or " 2" were read as user 2. A token must carry exp and iat, and a sub of
 * plain decimal digits naming the user exactly.
 */

const me = handlerOf("GET /users/me");

type Claims = { sub?: string; exp?: boolean; iat?: boolean };

/** A token signed with the app's key, the app's issuer and audience, shaped by `claims`. */
async function forged(userId: number, tokenVersion: number, { sub = String(userId), exp = true, iat = true }: Claims = {}): Promise<string> {
  let jwt = new SignJWT({ tv: tokenVersion, sid: randomUUID() }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setIssuer("learnpath").setAudience("learnpath-api");
  if (exp) jwt = jwt.setExpirationTime("10m");
  if (iat) jwt = jwt.setIssuedAt();
  return jwt.sign(new TextEncoder().encode(getEnv().AUTH_SECRET));
}

describe("bearer token claims", () => {
  it("a well-formed token of the app is accepted (the baseline for the refusals below)", async () => {
    const learner = await createUser();
    expect((await call(me, { token: await forged(learner.user.id, learner.user.tokenVersion) })).status).toBe(200);
  });

  it("a token without exp (one that would never expire) is refused", async () => {
    const learner = await createUser();
    const res = await call(me, { token: await forged(learner.user.id, learner.user.tokenVersion, { exp: false }) });
    expect([res.status, res.body]).toEqual([401, { detail: "Not authenticated. Please log in." }]);
  });

  it("a token without iat is refused", async () => {
    const learner = await createUser();
    expect((await call(me, { token: await forged(learner.user.id, learner.user.tokenVersion, { iat: false }) })).status).toBe(401);
  });

  it.each([
    ["hexadecimal", (id: number) => `0x${id.toString(16)}`],
    ["a leading space", (id: number) => ` ${id}`],
    ["a trailing space", (id: number) => `${id} `],
    ["a leading zero", (id: number) => `0${id}`],
    ["a plus sign", (id: number) => `+${id}`],
    ["a decimal point", (id: number) => `${id}.0`],
    ["an exponent", (id: number) => `${id}e0`],
    ["binary", (id: number) => `0b${id.toString(2)}`],
  ])("a sub written in %s does not read as the user", async (_form, spell) => {
    const learner = await createUser();
    const res = await call(me, { token: await forged(learner.user.id, learner.user.tokenVersion, { sub: spell(learner.user.id) }) });
    expect(res.status).toBe(401);
  });
});
