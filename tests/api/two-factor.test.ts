import { describe, expect, it } from "vitest";
import { MAX_FAILURES } from "../../lib/accounts/auth/two-factor";
import { handleAuthRequest } from "../../lib/accounts/auth/handler";
import { getEnv } from "../../lib/platform/env";
import { call, createUser } from "../harness/http";
import { secretOf, totp } from "../harness/totp";
import { handlerOf } from "./routes";

/*
 * Two-factor sign-in with an authenticator app. The codes are computed here from the
 * secret in the otpauth:// URI, as the learner's app would.
 */

const logIn = handlerOf("POST /log_in");
const me = handlerOf("GET /users/me");
const begin = handlerOf("POST /users/me/two-factor");
const confirm = handlerOf("POST /users/me/two-factor/confirm");
const turnOff = handlerOf("DELETE /users/me/two-factor");

type Learner = Awaited<ReturnType<typeof createUser>>;

const logInWith = (learner: Learner, otp?: string) =>
  call(logIn, { form: { username: learner.email, password: learner.password, ...(otp === undefined ? {} : { otp }) } });

/** Turns two-factor on for a fresh learner; returns the learner, the Base32 secret and the backup codes. */
async function learnerWithTwoFactor() {
  const learner = await createUser();
  const started = await call(begin, { token: learner.token, json: { password: learner.password } });
  expect(started.status).toBe(200);
  const secret = secretOf(started.body.otpauth_uri);
  expect((await call(confirm, { token: learner.token, json: { code: totp(secret) } })).status).toBe(200);
  return { learner, secret, backupCodes: started.body.backup_codes as string[] };
}

describe("turning two-factor sign-in on", () => {
  it("takes the password, gives an otpauth URI and ten backup codes, and counts only once a code confirms it", async () => {
    const learner = await createUser();
    const wrong = await call(begin, { token: learner.token, json: { password: "not-my-password" } });
    expect([wrong.status, wrong.body]).toEqual([400, { detail: "Incorrect password." }]);

    const started = await call(begin, { token: learner.token, json: { password: learner.password } });
    expect(started.status).toBe(200);
    expect(started.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/LearnPath:.+\?.*secret=[A-Z2-7]+/);
    expect(started.body.backup_codes).toHaveLength(10);
    // Read off a screen and typed on a phone: no 0/O, 1/I/L look-alikes, no lower case.
    for (const code of started.body.backup_codes as string[]) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    // Not confirmed yet: the password alone still signs in.
    expect((await logInWith(learner)).status).toBe(200);

    const secret = secretOf(started.body.otpauth_uri);
    const badCode = totp(secret) === "000000" ? "111111" : "000000";
    const refused = await call(confirm, { token: learner.token, json: { code: badCode } });
    expect([refused.status, refused.body]).toEqual([400, { detail: "Invalid two-factor code." }]);
    const confirmed = await call(confirm, { token: learner.token, json: { code: totp(secret) } });
    expect([confirmed.status, confirmed.body]).toEqual([200, { message: "Two-factor authentication is on." }]);

    const again = await call(begin, { token: learner.token, json: { password: learner.password } });
    expect([again.status, again.body]).toEqual([409, { detail: "Two-factor authentication is already on." }]);
  });
});

describe("POST /log_in with two-factor on", () => {
  it("asks for the code without one, refuses a wrong one, and answers a token with the current one", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const withoutCode = await logInWith(learner);
    expect([withoutCode.status, withoutCode.body]).toEqual([401, { detail: "Two-factor code required.", two_factor_required: true }]);

    // The confirmation used the current step's code: each step signs in once, so the app's next one.
    const next = totp(secret, 1);
    const wrong = await logInWith(learner, next === "123456" ? "654321" : "123456");
    expect([wrong.status, wrong.body]).toEqual([401, { detail: "Invalid two-factor code." }]);

    const ok = await logInWith(learner, next);
    expect(ok.status).toBe(200);
    expect((await call(me, { token: ok.body.access_token })).body.email).toBe(learner.email);
  });

  it("takes each backup code once", async () => {
    const { learner, backupCodes } = await learnerWithTwoFactor();
    expect((await logInWith(learner, backupCodes[0])).status).toBe(200);
    const reused = await logInWith(learner, backupCodes[0]);
    expect([reused.status, reused.body]).toEqual([401, { detail: "Invalid two-factor code." }]);
    // Typed in lower case, it is the same code.
    expect((await logInWith(learner, backupCodes[1]!.toLowerCase())).status).toBe(200);
  });

  it(`locks the second step after ${MAX_FAILURES} wrong codes, even for the right one`, async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const wrong = totp(secret) === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_FAILURES; i++) expect((await logInWith(learner, wrong)).status).toBe(401);
    const locked = await logInWith(learner, totp(secret));
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("turning it off takes the password and a code; then the password alone signs in again", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const noPassword = await call(turnOff, { method: "DELETE", token: learner.token, json: { password: "wrong-password", code: totp(secret, 1) } });
    expect(noPassword.status).toBe(400);
    expect((await logInWith(learner)).status).toBe(401);
    const off = await call(turnOff, { method: "DELETE", token: learner.token, json: { password: learner.password, code: totp(secret, 1) } });
    expect([off.status, off.body]).toEqual([200, { message: "Two-factor authentication is off." }]);
    expect((await logInWith(learner)).status).toBe(200);
  });
});

describe("the browser sign-in with two-factor on", () => {
  const origin = new URL(getEnv().APP_URL).origin;
  const signIn = (body: Record<string, string>) =>
    handleAuthRequest(
      new Request(`${origin}/api/auth/sign-in/password`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: JSON.stringify(body) }),
      "203.0.113.9",
    );

  it("asks for the code on a second step, then sets the session cookie", async () => {
    const { learner, secret } = await learnerWithTwoFactor();
    const first = await signIn({ email: learner.email, password: learner.password });
    expect(first.status).toBe(401);
    expect(await first.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED", message: "Two-factor code required." });
    expect(first.headers.getSetCookie()).toEqual([]);

    const second = await signIn({ email: learner.email, password: learner.password, otp: totp(secret, 1) });
    expect(second.status).toBe(200);
    const cookie = second.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await call(me, { headers: { cookie: cookie!.split(";")[0]! } })).body.email).toBe(learner.email);
  });
});
