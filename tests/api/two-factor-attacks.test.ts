import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, twoFactorRecoveries, twoFactors, users, verifications } from "../../db/schema";
import type { CapturedMail } from "../../e2e/fixtures/smtp-capture";
import { advanceRecoveries } from "../../lib/accounts/two-factor-recovery";
import { getEnv } from "../../lib/platform/env";
import { LIMITS } from "../../lib/platform/rate-limit";
import { call, createUser } from "../harness/http";
import { liveCode, withMailDelivery } from "../harness/mail";
import { secretOf, totp } from "../harness/totp";

/*
 * Two-factor sign-in from the attacker's side: a stolen bearer token (not the password) used as
 * a password oracle through the two-factor calls; then the attacker who found the password
 * turning two-factor on to lock the owner out, and the owner's ways back (docs/product-rules.md,
 * "Two-factor sign-in"): the notice e-mail's link, and the mailbox recovery with its waiting
 * period. The attacker calls from 127.0.0.5, the owner from 127.0.0.9; mail goes through the real
 * mail job to a capture server.
 */

const delivery = withMailDelivery();

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

const OWNER = "127.0.0.9";
const ATTACKER_BROWSER = "Attacker-Browser/6.6";

/** The attacker, holding the owner's token and the password they guessed, turns two-factor on. */
async function attackerTurnsTwoFactorOn(owner: Learner): Promise<string> {
  const headers = { "user-agent": ATTACKER_BROWSER };
  const started = await call("POST /users/me/two-factor", { token: owner.token, json: { password: owner.password }, clientAddress: ATTACKER, headers });
  expect(started.status).toBe(200);
  const secret = secretOf(started.body.otpauth_uri);
  expect((await call("POST /users/me/two-factor/confirm", { token: owner.token, json: { code: totp(secret) }, clientAddress: ATTACKER, headers })).status).toBe(200);
  return secret;
}

/** Waits (polling) for the newest e-mail to `email` whose subject matches, received at or after `since`. */
async function mailTo(email: string, subject: RegExp, since = 0): Promise<CapturedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = [...delivery.smtp.messages].reverse().find((m) => m.to.includes(email) && subject.test(m.subject) && m.receivedAt >= since);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} about ${subject}; got ${delivery.smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject).join(" | ")}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const noticeToken = (mail: CapturedMail) => mail.text.match(/\/two-factor-notice#token=([\w-]+)/)?.[1] ?? "";
const cancelToken = (mail: CapturedMail) => mail.text.match(/\/two-factor-recovery#cancel=(\d+\.[0-9a-f]{64})/)?.[1] ?? "";

const answerNotice = (token: string, itWasMe: boolean) => call("POST /two-factor/notice", { json: { token, answer: itWasMe ? "it-was-me" : "it-was-not-me" }, clientAddress: OWNER });
const me = (token: string) => call("GET /users/me", { token });

/** The owner's forgotten-password flow, through the mailbox: a new password, every session ended. */
async function ownerResetsPassword(owner: Learner, password: string) {
  expect((await call("POST /forgot-password/send-code", { json: { email: owner.email }, clientAddress: OWNER })).status).toBe(200);
  const code = await liveCode(delivery.smtp.messages, owner.email, "reset_password");
  const verified = await call("POST /forgot-password/verify-code", { json: { email: owner.email, code }, clientAddress: OWNER });
  expect(verified.status).toBe(200);
  const reset = await call("POST /forgot-password/reset-password", { json: { email: owner.email, password, reset_token: verified.body.reset_token }, clientAddress: OWNER });
  expect(reset.status).toBe(200);
}

describe("the notice e-mail when two-factor sign-in is turned on or off", () => {
  it("tells the owner when and from where, and 'this was not me' ends every session and turns it off again, once", async () => {
    const owner = await createUser();
    const since = Date.now();
    await attackerTurnsTwoFactorOn(owner);

    const notice = await mailTo(owner.email, /turned on/, since);
    expect(notice.text).toContain(ATTACKER);
    expect(notice.text).toContain(ATTACKER_BROWSER);
    expect(notice.text).toMatch(/\d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
    expect(notice.text).toContain(`${getEnv().APP_URL}/forgot-password`);
    const token = noticeToken(notice);
    expect(token).toMatch(/^[\w-]{43}$/);

    const reported = await answerNotice(token, false);
    expect(reported.status).toBe(200);
    expect(reported.body.message).toMatch(/two-factor sign-in is off again.*Reset your password/);
    // The attacker's token is dead, and the password alone signs in again.
    expect((await me(owner.token)).status).toBe(401);
    expect((await logIn(owner, owner.password, OWNER)).status).toBe(200);
    expect(await twoFactorOn(owner.user.id)).toBe(false);
    // The owner is told it is off; that e-mail has no link to report (it was the report).
    const off = await mailTo(owner.email, /turned off/, since);
    expect(off.text).toContain("after you reported");
    expect(noticeToken(off)).toBe("");
    // The link works once.
    expect((await answerNotice(token, false)).status).toBe(400);
  });

  it("'this was me' closes the link: it can no longer turn two-factor sign-in off", async () => {
    const owner = await createUser();
    const since = Date.now();
    await attackerTurnsTwoFactorOn(owner);
    const token = noticeToken(await mailTo(owner.email, /turned on/, since));
    expect((await answerNotice(token, true)).status).toBe(200);
    expect((await answerNotice(token, false)).status).toBe(400);
    expect(await twoFactorOn(owner.user.id)).toBe(true);
    expect((await me(owner.token)).status).toBe(200);
  });

  it("the link is refused after its days, and a stale one (two-factor turned on again since) only ends the sessions", async () => {
    const owner = await createUser();
    let since = Date.now();
    const secret = await attackerTurnsTwoFactorOn(owner);
    const first = noticeToken(await mailTo(owner.email, /turned on/, since));
    // Off and on again: the first notice's turning-on no longer stands.
    since = Date.now();
    expect((await turnOff(owner, owner.password, totp(secret, 1))).status).toBe(200);
    await attackerTurnsTwoFactorOn(owner);
    const second = noticeToken(await mailTo(owner.email, /turned on/, since));
    const stale = await answerNotice(first, false);
    expect(stale.status).toBe(200);
    expect(stale.body.message).not.toMatch(/off again/);
    expect(await twoFactorOn(owner.user.id)).toBe(true);
    expect((await me(owner.token)).status).toBe(401);

    // The second notice, past its days.
    await getDb().update(verifications).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${verifications.identifier} LIKE 'two-factor-notice-%'`);
    expect((await answerNotice(second, false)).status).toBe(400);
    expect(await twoFactorOn(owner.user.id)).toBe(true);
  });

  it("turning it off e-mails the owner too, with a link that ends every session", async () => {
    const owner = await createUser();
    const secret = await attackerTurnsTwoFactorOn(owner);
    const since = Date.now();
    expect((await turnOff(owner, owner.password, totp(secret, 1))).status).toBe(200);
    const off = await mailTo(owner.email, /turned off/, since);
    expect(off.text).toContain(ATTACKER);
    expect((await answerNotice(noticeToken(off), false)).status).toBe(200);
    expect((await me(owner.token)).status).toBe(401);
  });

  it("a guessed token is refused and changes nothing", async () => {
    const owner = await createUser();
    await attackerTurnsTwoFactorOn(owner);
    expect((await answerNotice("A".repeat(43), false)).status).toBe(400);
    expect((await me(owner.token)).status).toBe(200);
  });
});

describe("the lost-authenticator recovery with a waiting period", () => {
  // Read in the tests: the environment is read once, after withMailDelivery set SMTP_URL.
  const DAY = 24 * 60 * 60_000;
  const waitingDays = () => getEnv().TWO_FACTOR_RECOVERY_DAYS;
  const later = (ms: number) => new Date(Date.now() + ms);

  const sendCode = (owner: Learner, password: string, clientAddress = OWNER) =>
    call("POST /two-factor/recovery/send-code", { json: { email: owner.email, password }, clientAddress });
  const verifyCode = (owner: Learner, code: string) => call("POST /two-factor/recovery/verify-code", { json: { email: owner.email, code }, clientAddress: OWNER });

  /** From the log-in's second step: "I lost my authenticator", then the mailed code. */
  async function ownerStartsRecovery(owner: Learner, password: string) {
    expect((await sendCode(owner, password)).status).toBe(200);
    const code = await liveCode(delivery.smtp.messages, owner.email, "two_factor_recovery");
    const started = await verifyCode(owner, code);
    expect(started.status).toBe(200);
    return started.body as { message: string; ends_at: string };
  }

  it("the pen test's lock-out: after a password reset the owner gets back in, but only at the end of the waiting period, told every day", async () => {
    const owner = await createUser();
    const since = Date.now();
    await attackerTurnsTwoFactorOn(owner);
    await ownerResetsPassword(owner, "owner-new-password-1");
    const locked = await logIn(owner, "owner-new-password-1", OWNER);
    expect(locked.body).toMatchObject({ two_factor_required: true });

    const started = await ownerStartsRecovery(owner, "owner-new-password-1");
    expect(Date.parse(started.ends_at) - Date.now()).toBeGreaterThan(waitingDays() * DAY - 60_000);
    const notice = await mailTo(owner.email, /will be removed/, since);
    expect(notice.text).toContain(OWNER);
    expect(cancelToken(notice)).not.toBe("");
    // Nothing changes while it waits; asking again answers the same recovery.
    expect((await logIn(owner, "owner-new-password-1", OWNER)).body).toMatchObject({ two_factor_required: true });
    expect((await ownerStartsRecovery(owner, "owner-new-password-1")).ends_at).toBe(started.ends_at);

    // A day later: a reminder, and still on.
    const reminderSince = Date.now();
    expect(await advanceRecoveries(getDb(), later(DAY + 60_000))).toEqual({ reminded: 1, ended: 0 });
    expect(await advanceRecoveries(getDb(), later(DAY + 120_000))).toEqual({ reminded: 0, ended: 0 });
    expect((await mailTo(owner.email, /^Reminder/, reminderSince)).text).toContain(cancelToken(notice));
    expect(await twoFactorOn(owner.user.id)).toBe(true);

    // At the end of the waiting period two-factor sign-in goes, and the owner is told.
    const endSince = Date.now();
    expect(await advanceRecoveries(getDb(), later(waitingDays() * DAY + 60_000))).toEqual({ reminded: 0, ended: 1 });
    expect((await logIn(owner, "owner-new-password-1", OWNER)).status).toBe(200);
    expect((await mailTo(owner.email, /turned off/, endSince)).text).toContain("waiting period");
    expect(await getDb().select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, owner.user.id))).toEqual([]);
  });

  it("a sign-in with the second factor stops it", async () => {
    const owner = await createUser();
    const secret = await attackerTurnsTwoFactorOn(owner);
    await ownerStartsRecovery(owner, owner.password);
    const since = Date.now();
    expect((await logIn(owner, owner.password, ATTACKER, totp(secret, 1))).status).toBe(200);
    await mailTo(owner.email, /cancelled/, since);
    expect(await advanceRecoveries(getDb(), later(waitingDays() * DAY + 60_000))).toEqual({ reminded: 0, ended: 0 });
    expect(await twoFactorOn(owner.user.id)).toBe(true);
  });

  it("the e-mails' cancel link stops it, once; a forged one does not", async () => {
    const owner = await createUser();
    await attackerTurnsTwoFactorOn(owner);
    const since = Date.now();
    await ownerStartsRecovery(owner, owner.password);
    const token = cancelToken(await mailTo(owner.email, /will be removed/, since));
    const [id] = token.split(".");
    const forged = await call("POST /two-factor/recovery/cancel", { json: { token: `${id}.${"0".repeat(64)}` }, clientAddress: ATTACKER });
    expect(forged.status).toBe(400);
    expect((await call("POST /two-factor/recovery/cancel", { json: { token }, clientAddress: OWNER })).status).toBe(200);
    expect((await call("POST /two-factor/recovery/cancel", { json: { token }, clientAddress: OWNER })).status).toBe(400);
    expect(await advanceRecoveries(getDb(), later(waitingDays() * DAY + 60_000))).toEqual({ reminded: 0, ended: 0 });
    expect(await twoFactorOn(owner.user.id)).toBe(true);
  });

  it("asking for a code takes the password, on the log-in's limits; no e-mail goes out for a wrong one", async () => {
    const owner = await createUser();
    const since = Date.now();
    await attackerTurnsTwoFactorOn(owner);
    for (let i = 0; i < PAIR_MAX; i++) expect((await sendCode(owner, `guess-number-${i}`, ATTACKER)).status).toBe(401);
    expect((await sendCode(owner, owner.password, ATTACKER)).status).toBe(429);
    // The notice of the turning-on arrives; no recovery code does.
    await mailTo(owner.email, /turned on/, since);
    expect(delivery.smtp.messages.filter((m) => m.to.includes(owner.email) && /recovery code/.test(m.subject))).toEqual([]);
  });

  it("the mailed code locks after 5 wrong tries, and without two-factor on there is nothing to recover", async () => {
    const owner = await createUser();
    expect((await sendCode(owner, owner.password)).status).toBe(400);
    await attackerTurnsTwoFactorOn(owner);
    expect((await sendCode(owner, owner.password)).status).toBe(200);
    const code = await liveCode(delivery.smtp.messages, owner.email, "two_factor_recovery");
    const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, "0");
    for (let i = 1; i < 5; i++) expect((await verifyCode(owner, wrong(i))).status).toBe(400);
    expect((await verifyCode(owner, wrong(5))).status).toBe(429);
    expect((await verifyCode(owner, code)).status).toBe(429);
    expect(await getDb().select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, owner.user.id))).toEqual([]);
  });

  it("turning two-factor off (or a report) takes a waiting recovery with it", async () => {
    const owner = await createUser();
    const secret = await attackerTurnsTwoFactorOn(owner);
    await ownerStartsRecovery(owner, owner.password);
    expect((await turnOff(owner, owner.password, totp(secret, 1))).status).toBe(200);
    expect(await getDb().select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, owner.user.id))).toEqual([]);
    expect(await getDb().select().from(twoFactors).where(eq(twoFactors.userId, owner.user.id))).toEqual([]);
  });
});
