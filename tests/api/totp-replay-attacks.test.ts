import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, users } from "../../db/schema";
import { handleAuthRequest } from "../../lib/accounts/auth/handler";
import { MAX_FAILURES } from "../../lib/accounts/auth/two-factor";
import { getEnv } from "../../lib/platform/env";
import { call, createUser } from "../harness/http";
import { secretOf, totp } from "../harness/totp";

/*
 * Two-factor sign-in from the attacker's side. Someone who has the password and saw (over a
 * shoulder, in a proxy log, through a phishing page relaying it) one code from the authenticator
 * app must not sign in with that code again: each 30-second step is accepted once per account, on
 * every path that checks a code (RFC 6238 section 5.2). And someone holding a signed-in session
 * and the password must not delete an account that has two-factor on without a code as well.
 */

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

type Learner = Awaited<ReturnType<typeof createUser>>;

const ADDRESS = "127.0.0.5";

const logIn = (learner: Learner, otp: string) =>
  call("POST /log_in", { form: { username: learner.email, password: learner.password, otp }, clientAddress: ADDRESS });

const origin = new URL(getEnv().APP_URL).origin;
const browserSignIn = (learner: Learner, otp: string) =>
  handleAuthRequest(
    new Request(`${origin}/api/auth/sign-in/password`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ email: learner.email, password: learner.password, otp }),
    }),
    ADDRESS,
  );

const turnOff = (learner: Learner, code: string) =>
  call("DELETE /users/me/two-factor", { token: learner.token, json: { password: learner.password, code }, clientAddress: ADDRESS });

const deleteMe = (learner: Learner, json: Record<string, string>) => call("DELETE /users/me", { token: learner.token, json, clientAddress: ADDRESS });

/** A learner with two-factor on; `confirmedWith` is the code that confirmed it (the current step's). */
async function learnerWithTwoFactor() {
  const learner = await createUser();
  const started = await call("POST /users/me/two-factor", { token: learner.token, json: { password: learner.password } });
  expect(started.status).toBe(200);
  const secret = secretOf(started.body.otpauth_uri);
  const confirmedWith = totp(secret);
  expect((await call("POST /users/me/two-factor/confirm", { token: learner.token, json: { code: confirmedWith } })).status).toBe(200);
  return { learner, secret, confirmedWith, backupCodes: started.body.backup_codes as string[] };
}

/** A 6-digit code the app shows at none of the steps the server accepts now. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totp(secret, offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
}

const exists = async (id: number) => (await getDb().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

describe("a code from the authenticator app works once", () => {
  it("the code that confirmed two-factor does not sign in", async () => {
    const { learner, confirmedWith } = await learnerWithTwoFactor();
    const replay = await logIn(learner, confirmedWith);
    expect([replay.status, replay.body]).toEqual([401, { detail: "Invalid two-factor code." }]);
  });

  it("a code that signed in through POST /log_in signs in neither there nor in the browser again", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const next = totp(secret, 1);
    expect((await logIn(learner, next)).status).toBe(200);
    const again = await logIn(learner, next);
    expect([again.status, again.body]).toEqual([401, { detail: "Invalid two-factor code." }]);
    const inBrowser = await browserSignIn(learner, next);
    expect(inBrowser.status).toBe(401);
    expect(await inBrowser.json()).toMatchObject({ message: "Invalid two-factor code." });
    expect(inBrowser.headers.getSetCookie()).toEqual([]);
  });

  it("a code that signed in through the browser does not sign in again, nor through POST /log_in", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const next = totp(secret, 1);
    expect((await browserSignIn(learner, next)).status).toBe(200);
    const again = await browserSignIn(learner, next);
    expect(again.status).toBe(401);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await logIn(learner, next)).status).toBe(401);
  });

  it("once a later step's code was used, an earlier step's code is refused too", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    expect((await logIn(learner, totp(secret, 1))).status).toBe(200);
    // The current step's code is still inside the window, but older than the one used.
    expect((await logIn(learner, totp(secret))).status).toBe(401);
  });

  it("two sign-ins racing with one code: exactly one gets a session", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const next = totp(secret, 1);
    const statuses = (await Promise.all([logIn(learner, next), logIn(learner, next), logIn(learner, next)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401, 401]);
  });

  it("a code that signed in does not turn two-factor off", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const next = totp(secret, 1);
    expect((await logIn(learner, next)).status).toBe(200);
    const off = await turnOff(learner, next);
    expect([off.status, off.body]).toEqual([400, { detail: "Invalid two-factor code." }]);
    const [row] = await getDb().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, learner.user.id));
    expect(row!.on).toBe(true);
  });

  it("a backup code raced from two sign-ins signs in once", async () => {
    const { learner, backupCodes } = await learnerWithTwoFactor();
    const statuses = (await Promise.all([logIn(learner, backupCodes[0]!), logIn(learner, backupCodes[0]!)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401]);
  });
});

describe("DELETE /users/me with two-factor on", () => {
  it("the password alone (a stolen session and a phished password) deletes nothing", async () => {
    const { learner } = await learnerWithTwoFactor();
    const res = await deleteMe(learner, { password: learner.password });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("Two-factor code required.");
    expect(await exists(learner.user.id)).toBe(true);
  });

  it("refuses a wrong code and a replayed one, and locks after as many wrong codes as sign-in", async () => {
    const { learner, secret, confirmedWith } = await learnerWithTwoFactor();
    const replayed = await deleteMe(learner, { password: learner.password, code: confirmedWith });
    expect([replayed.status, replayed.body]).toEqual([403, { detail: "Invalid two-factor code." }]);
    for (let i = 1; i < MAX_FAILURES; i++) expect((await deleteMe(learner, { password: learner.password, code: wrongCode(secret) })).status).toBe(403);
    const locked = await deleteMe(learner, { password: learner.password, code: totp(secret, 1) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await exists(learner.user.id)).toBe(true);
  });

  it("a wrong password with a right code is refused before the code is spent", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const next = totp(secret, 1);
    const res = await deleteMe(learner, { password: "not-the-password-1", code: next });
    expect([res.status, res.body]).toEqual([403, { detail: "Incorrect password." }]);
    expect((await deleteMe(learner, { password: learner.password, code: next })).status).toBe(204);
    expect(await exists(learner.user.id)).toBe(false);
  });

  it("the password and a backup code delete the account", async () => {
    const { learner, backupCodes } = await learnerWithTwoFactor();
    expect((await deleteMe(learner, { password: learner.password, code: backupCodes[3]! })).status).toBe(204);
    expect(await exists(learner.user.id)).toBe(false);
  });
});
