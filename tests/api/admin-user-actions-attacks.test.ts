import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { adminAudit, rateLimits, sessions, twoFactors, users } from "../../db/schema";
import { call, createUser } from "../harness/http";
import { withMailDelivery } from "../harness/mail";
import { pollUntil } from "../harness/poll";
import { browserSessionFor } from "../harness/session-cookie";

/*
 * The admin's user page actions (docs/security.md, "Admin actions"), from the attacker's side:
 * resetting someone's two-factor sign-in takes an admin AND that admin's own password (a stolen
 * admin session alone cannot), writes the audit entry, e-mails the user and ends every session of
 * theirs (the old cookie and token are refused at once); deactivating ends sessions too.
 */

const delivery = withMailDelivery();
const ADDRESS = "127.0.0.9";

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

type Person = Awaited<ReturnType<typeof createUser>>;

/** Two-factor sign-in on (an authenticator row as a confirmed set-up leaves it). */
async function turnOnTwoFactor(userId: number): Promise<void> {
  await getDb().insert(twoFactors).values({ userId, secret: "encrypted-secret", backupCodes: "encrypted-codes", verified: true, confirmedAt: new Date() });
  await getDb().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
}

/** A learner with two-factor sign-in on. */
async function learnerWithTwoFactor(): Promise<Person> {
  const learner = await createUser();
  await turnOnTwoFactor(learner.user.id);
  return learner;
}

const reset = (caller: Person, targetId: number, json: Record<string, string>) =>
  call("POST /users/:id/two-factor/reset", { token: caller.token, params: { id: String(targetId) }, json, clientAddress: ADDRESS });

const me = (headers: { token?: string; cookie?: string }) =>
  call("GET /users/me", { token: headers.token, headers: headers.cookie ? { cookie: headers.cookie } : undefined });

async function twoFactorOf(id: number) {
  const [row] = await getDb().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, id));
  const factors = await getDb().select().from(twoFactors).where(eq(twoFactors.userId, id));
  return { on: row!.on, factors: factors.length };
}

const auditOf = (id: number) => getDb().select().from(adminAudit).where(eq(adminAudit.targetUserId, id));

describe("POST /users/{id}/two-factor/reset", () => {
  it("with the admin's own password: two-factor off, every session of the user ended (cookie and token 401), audited, user e-mailed", async () => {
    const admin = await createUser("admin");
    // Signed in in a browser and with a token, then two-factor sign-in turned on.
    const target = await createUser();
    const browser = await browserSessionFor(target.user.id);
    await turnOnTwoFactor(target.user.id);
    expect((await me({ cookie: browser.cookie })).status).toBe(200);
    expect((await me({ token: target.token })).status).toBe(200);

    const res = await reset(admin, target.user.id, { password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(target.email);

    expect(await twoFactorOf(target.user.id)).toEqual({ on: false, factors: 0 });
    expect((await me({ cookie: browser.cookie })).status).toBe(401);
    expect((await me({ token: target.token })).status).toBe(401);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    const audit = await auditOf(target.user.id);
    expect(audit.map((a) => ({ action: a.action, admin: a.adminId, email: a.targetEmail }))).toEqual([{ action: "two_factor_reset", admin: admin.user.id, email: target.email }]);
    const mail = await pollUntil("the user's e-mail", () => delivery.smtp.messages.filter((m) => m.to.includes(target.email)), (m) => m.length > 0);
    expect(mail[0]!.subject).toBe("Two-factor sign-in was turned off for your LearnPath account");
    expect(mail[0]!.text).toContain("by an administrator");

    // The user page shows the audit entry and no open session.
    const overview = await call("GET /users/:id/overview", { token: admin.token, params: { id: String(target.user.id) } });
    expect(overview.status).toBe(200);
    expect(overview.body.session_count).toBe(0);
    expect(overview.body.user.two_factor_enabled).toBe(false);
    expect(overview.body.admin_actions).toEqual([{ action: "two_factor_reset", admin_email: admin.email, at: expect.any(String) }]);
  });

  it("an admin with a wrong password is refused, and nothing changes", async () => {
    const admin = await createUser("admin");
    const target = await learnerWithTwoFactor();
    const res = await reset(admin, target.user.id, { password: "not-my-password" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Incorrect password.");
    expect(await twoFactorOf(target.user.id)).toEqual({ on: true, factors: 1 });
    expect((await me({ token: target.token })).status).toBe(200);
    expect(await auditOf(target.user.id)).toEqual([]);
  });

  it("an admin without the password (a stolen session alone) is refused with 422", async () => {
    const admin = await createUser("admin");
    const target = await learnerWithTwoFactor();
    const res = await reset(admin, target.user.id, {});
    expect(res.status).toBe(422);
    expect(await twoFactorOf(target.user.id)).toEqual({ on: true, factors: 1 });
  });

  it("the target's password is not the admin's: it is refused", async () => {
    const admin = await createUser("admin", "admins-own-pass-1");
    const target = await learnerWithTwoFactor();
    expect((await reset(admin, target.user.id, { password: target.password })).status).toBe(400);
    expect(await twoFactorOf(target.user.id)).toEqual({ on: true, factors: 1 });
  });

  it("a learner cannot call it, even with their own right password, on someone else or themself", async () => {
    const learner = await createUser();
    const target = await learnerWithTwoFactor();
    expect((await reset(learner, target.user.id, { password: learner.password })).status).toBe(403);
    expect((await reset(target, target.user.id, { password: target.password })).status).toBe(403);
    expect(await twoFactorOf(target.user.id)).toEqual({ on: true, factors: 1 });
  });

  it("guessing the admin's password is on the log-in limits (429 after 10 failures)", async () => {
    const admin = await createUser("admin");
    const target = await learnerWithTwoFactor();
    for (let i = 0; i < 10; i++) expect((await reset(admin, target.user.id, { password: `guess-${i}-wrong` })).status).toBe(400);
    expect((await reset(admin, target.user.id, { password: admin.password })).status).toBe(429);
    expect(await twoFactorOf(target.user.id)).toEqual({ on: true, factors: 1 });
  });

  it.each([
    ["one's own account", "self", 409],
    ["a user with two-factor off", "off", 409],
    ["a missing user", "missing", 404],
  ] as const)("refuses %s", async (_what, who, status) => {
    const admin = await createUser("admin");
    const off = await createUser();
    const id = who === "self" ? admin.user.id : who === "off" ? off.user.id : 2_000_000_000;
    expect((await reset(admin, id, { password: admin.password })).status).toBe(status);
  });
});

describe("PUT /users/{id}/status", () => {
  const setStatus = (caller: Person, id: number, status: string) =>
    call("PUT /users/:id/status", { token: caller.token, params: { id: String(id) }, json: { status } });

  it("deactivating ends the user's sessions and refuses them; reactivating lets them sign in again; both audited", async () => {
    const admin = await createUser("admin");
    const target = await createUser();
    const res = await setStatus(admin, target.user.id, "deactivated");
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect((await me({ token: target.token })).status).toBe(401);
    expect((await call("POST /log_in", { form: { grant_type: "password", username: target.email, password: target.password }, clientAddress: ADDRESS })).status).toBe(403);

    expect((await setStatus(admin, target.user.id, "active")).body.is_active).toBe(true);
    expect((await call("POST /log_in", { form: { grant_type: "password", username: target.email, password: target.password }, clientAddress: ADDRESS })).status).toBe(200);
    expect((await auditOf(target.user.id)).map((a) => a.action).sort()).toEqual(["deactivate", "reactivate"]);
  });

  it("a learner cannot deactivate anyone; an admin cannot deactivate themself", async () => {
    const admin = await createUser("admin");
    const learner = await createUser();
    const other = await createUser();
    expect((await setStatus(learner, other.user.id, "deactivated")).status).toBe(403);
    expect((await me({ token: other.token })).status).toBe(200);
    const self = await setStatus(admin, admin.user.id, "deactivated");
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe("You cannot deactivate your own account.");
  });
});
