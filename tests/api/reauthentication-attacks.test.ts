import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { accounts, rateLimits, users } from "../../db/schema";
import { CREDENTIAL_PROVIDER } from "../../db/credential-account";
import { LIMITS } from "../../lib/platform/rate-limit";
import { call, createUser } from "../harness/http";
import { liveCode, withMailDelivery } from "../harness/mail";
import { secretOf, totp } from "../harness/totp";

/*
 * Accounts without a password (people who only sign in through the identity provider) confirm
 * the calls that ask for the password again (turning two-factor on or off, deleting the account)
 * with a 6-digit code mailed to their address instead. From the attacker's side: a stolen
 * session of such an account cannot do them without the mailbox, guesses of the mailed code are
 * limited as password guesses are, a code works once, and an account that has a password cannot
 * trade it for a mailed code.
 */

const delivery = withMailDelivery();

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

type Learner = Awaited<ReturnType<typeof createUser>>;

const ADDRESS = "127.0.0.6";

/** A learner as an OpenID Connect sign-up leaves them: a session, no password. */
async function passwordlessLearner(): Promise<Learner> {
  const learner = await createUser();
  await getDb()
    .delete(accounts)
    .where(and(eq(accounts.userId, learner.user.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
  return learner;
}

const sendCode = (learner: Learner) => call("POST /users/me/confirmation-code", { token: learner.token, clientAddress: ADDRESS });

async function mailedCode(learner: Learner): Promise<string> {
  const sent = await sendCode(learner);
  expect(sent.status).toBe(200);
  return liveCode(delivery.smtp.messages, learner.email, "reauthenticate");
}

const beginTwoFactor = (learner: Learner, json: Record<string, string>) =>
  call("POST /users/me/two-factor", { token: learner.token, json, clientAddress: ADDRESS });
const deleteMe = (learner: Learner, json: Record<string, string>) => call("DELETE /users/me", { token: learner.token, json, clientAddress: ADDRESS });

const exists = async (id: number) => (await getDb().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

describe("an account without a password", () => {
  it("turns two-factor on with a code mailed to its own address, which works once", async () => {
    const learner = await passwordlessLearner();
    const code = await mailedCode(learner);
    const mail = delivery.smtp.messages.filter((m) => m.text.includes(code));
    expect(mail.map((m) => m.to)).toEqual([[learner.email]]);

    const started = await beginTwoFactor(learner, { email_code: code });
    expect(started.status).toBe(200);
    const secret = secretOf(started.body.otpauth_uri);
    expect((await call("POST /users/me/two-factor/confirm", { token: learner.token, json: { code: totp(secret) } })).status).toBe(200);

    // The same code again (to delete the account, say) is refused.
    const reused = await deleteMe(learner, { email_code: code, code: totp(secret, 1) });
    expect([reused.status, reused.body]).toEqual([403, { detail: "Invalid or expired code." }]);
    expect(await exists(learner.user.id)).toBe(true);
  });

  it("a stolen session without the mailbox gets nowhere: no password matches, wrong codes lock the code", async () => {
    const learner = await passwordlessLearner();
    const noCode = await beginTwoFactor(learner, { password: "guessed-password" });
    expect(noCode.status).toBe(422);
    expect(noCode.body.detail).toBe("This account has no password: confirm with a code sent to your e-mail.");

    const code = await mailedCode(learner);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await beginTwoFactor(learner, { email_code: otherThan(code) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Locked: the right code no longer works either.
    expect((await beginTwoFactor(learner, { email_code: code })).status).toBe(429);
    expect((await deleteMe(learner, { email_code: code })).status).toBe(429);
    expect(await exists(learner.user.id)).toBe(true);
  });

  it("wrong codes count on the log-in limits of the address, as wrong passwords do", async () => {
    const learner = await passwordlessLearner();
    const code = await mailedCode(learner);
    for (let i = 0; i < 2; i++) expect((await deleteMe(learner, { email_code: otherThan(code) })).status).toBe(403);
    const [pair] = await getDb()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${LIMITS.loginFailuresPerPair.name}:${learner.email}|${ADDRESS}`));
    expect(pair?.count).toBe(2);
    // The right one gives its slot back and deletes the account.
    expect((await deleteMe(learner, { email_code: code })).status).toBe(204);
    expect(await exists(learner.user.id)).toBe(false);
  });

  it("with two-factor on, deleting takes the mailed code and a code from the app", async () => {
    const learner = await passwordlessLearner();
    const started = await beginTwoFactor(learner, { email_code: await mailedCode(learner) });
    const secret = secretOf(started.body.otpauth_uri);
    expect((await call("POST /users/me/two-factor/confirm", { token: learner.token, json: { code: totp(secret) } })).status).toBe(200);

    const code = await mailedCode(learner);
    const without = await deleteMe(learner, { email_code: code });
    expect([without.status, without.body.detail]).toEqual([422, "Two-factor code required."]);
    expect((await deleteMe(learner, { email_code: code, code: totp(secret, 1) })).status).toBe(204);
    expect(await exists(learner.user.id)).toBe(false);
  });

  it("turns two-factor off with the mailed code and a code from the app", async () => {
    const learner = await passwordlessLearner();
    const started = await beginTwoFactor(learner, { email_code: await mailedCode(learner) });
    const secret = secretOf(started.body.otpauth_uri);
    expect((await call("POST /users/me/two-factor/confirm", { token: learner.token, json: { code: totp(secret) } })).status).toBe(200);

    const off = await call("DELETE /users/me/two-factor", { token: learner.token, json: { email_code: await mailedCode(learner), code: totp(secret, 1) }, clientAddress: ADDRESS });
    expect([off.status, off.body]).toEqual([200, { message: "Two-factor authentication is off." }]);
  });
});

describe("an account with a password", () => {
  it("gets no mailed code, and a code cannot stand in for its password", async () => {
    const learner = await createUser();
    const sent = await sendCode(learner);
    expect([sent.status, sent.body]).toEqual([409, { detail: "Your account has a password: confirm with it." }]);
    const begin = await beginTwoFactor(learner, { email_code: "123456" });
    expect([begin.status, begin.body.detail]).toEqual([422, "Password is required"]);
    const del = await deleteMe(learner, { email_code: "123456" });
    expect([del.status, del.body.detail]).toEqual([422, "Password is required"]);
    expect(await exists(learner.user.id)).toBe(true);
  });

  it("keeps the SPEC-shaped deletion: the password alone, without two-factor", async () => {
    const learner = await createUser();
    expect((await deleteMe(learner, { password: learner.password })).status).toBe(204);
  });
});

describe("POST /users/me/confirmation-code", () => {
  it("is limited like the other code e-mails", async () => {
    const learner = await passwordlessLearner();
    for (let i = 0; i < LIMITS.sendCodePerPair.max; i++) expect((await sendCode(learner)).status).toBe(200);
    const refused = await sendCode(learner);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
