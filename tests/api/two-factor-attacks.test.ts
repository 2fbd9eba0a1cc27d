import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, twoFactors, users } from "../../db/schema";
import { LIMITS } from "../../lib/rate-limit";
import { call, createUser } from "../harness/http";
import { secretOf, totp } from "../harness/totp";

/*
 * Two-factor sign-in from the attacker's side: a stolen bearer token (not the password) used as
 * a password oracle through the two-factor calls, every guess from its own loopback address.
 */

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

type Learner = Awaited<ReturnType<typeof createUser>>;

const ATTACKER = "127.0.0.5";
const PAIR_MAX = LIMITS.loginFailuresPerPair.max;

const begin = (learner: Learner, password: string, clientAddress = ATTACKER) =>
  call("POST /users/me/two-factor", { token: learner.token, json: { password }, clientAddress });
const confirm = (learner: Learner, code: string, clientAddress = ATTACKER) =>
  call("POST /users/me/two-factor/confirm", { token: learner.token, json: { code }, clientAddress });
const turnOff = (learner: Learner, password: string, code: string, clientAddress = ATTACKER) =>
  call("DELETE /users/me/two-factor", { token: learner.token, json: { password, code }, clientAddress });
const logIn = (learner: Learner, password: string, clientAddress = ATTACKER, otp?: string) =>
  call("POST /log_in", { form: { username: learner.email, password, ...(otp ? { otp } : {}) }, clientAddress });

/** The owner turns two-factor on from their own address; returns the Base32 secret. */
async function ownerTurnsTwoFactorOn(learner: Learner): Promise<string> {
  const started = await begin(learner, learner.password, "127.0.0.9");
  expect(started.status).toBe(200);
  const secret = secretOf(started.body.otpauth_uri);
  expect((await confirm(learner, totp(secret), "127.0.0.9")).status).toBe(200);
  return secret;
}

const twoFactorOn = async (id: number) => (await getDb().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, id)))[0]!.on;

describe("a stolen session as a password oracle", () => {
  it(`POST /users/me/two-factor: after ${PAIR_MAX} wrong passwords even the right one gets 429 with Retry-After`, async () => {
    const owner = await createUser();
    for (let i = 0; i < PAIR_MAX; i++) {
      const guess = await begin(owner, `guess-number-${i}`);
      expect([guess.status, guess.body]).toEqual([400, { detail: "Incorrect password." }]);
    }
    const right = await begin(owner, owner.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // Nothing was set up with the password the attacker found.
    expect(await getDb().select().from(twoFactors).where(eq(twoFactors.userId, owner.user.id))).toEqual([]);
  });

  it("a burst of parallel guesses gets at most the limit's worth of password checks", async () => {
    const owner = await createUser();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => begin(owner, `parallel-guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(PAIR_MAX);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - PAIR_MAX);
  });

  it(`DELETE /users/me/two-factor: after ${PAIR_MAX} wrong passwords even the right password and code get 429; two-factor stays on`, async () => {
    const owner = await createUser();
    const secret = await ownerTurnsTwoFactorOn(owner);
    for (let i = 0; i < PAIR_MAX; i++) expect((await turnOff(owner, `guess-number-${i}`, totp(secret))).status).toBe(400);
    const right = await turnOff(owner, owner.password, totp(secret));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await twoFactorOn(owner.user.id)).toBe(true);
  });

  it("guesses through the two-factor calls and the log-in share one count per (e-mail, address)", async () => {
    const owner = await createUser();
    const half = PAIR_MAX / 2;
    for (let i = 0; i < half; i++) expect((await begin(owner, `guess-number-${i}`)).status).toBe(400);
    for (let i = 0; i < half; i++) expect((await logIn(owner, `log-in-guess-${i}`)).status).toBe(401);
    expect((await logIn(owner, owner.password)).status).toBe(429);
    // The owner, from their own address, is not locked out.
    expect((await logIn(owner, owner.password, "127.0.0.9")).status).toBe(200);
  });

  it("wrong codes behind a session count on the same limits as wrong passwords", async () => {
    const owner = await createUser();
    const secret = await ownerTurnsTwoFactorOn(owner);
    const wrong = totp(secret) === "000000" ? "111111" : "000000";
    // Four wrong codes (the fifth would lock the second step by itself), then wrong passwords.
    for (let i = 0; i < 4; i++) expect((await turnOff(owner, owner.password, wrong)).status).toBe(400);
    for (let i = 0; i < PAIR_MAX - 4; i++) expect((await logIn(owner, `log-in-guess-${i}`)).status).toBe(401);
    expect((await logIn(owner, owner.password, ATTACKER, totp(secret))).status).toBe(429);
  });
});
