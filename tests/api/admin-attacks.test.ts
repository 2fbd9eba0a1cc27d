import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { resolveCaller, type Caller } from "../../lib/accounts/auth/caller";
import { deleteUser, updateUserAsAdmin } from "../../lib/accounts/users";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { quickAccount, type Account } from "./world";

/*
 * Two admins demoting (or deleting) each other at the same moment both
 * succeeded, and no admin was left. Whatever the timing, one active admin must remain.
 */

const LAST_ADMIN = "This would leave no active admin: make another user an admin first.";

const updateUser = handlerOf("PUT /users/{id}");
const removeUser = handlerOf("DELETE /users/{id}");

async function activeAdmins(): Promise<number[]> {
  const rows = await getDb().select({ id: users.id }).from(users).where(and(eq(users.role, "admin"), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

/** Exactly two admins in the whole system: the seed's and earlier tests' admins become learners. */
async function onlyTwoAdmins(): Promise<[Account, Account]> {
  await getDb().update(users).set({ role: "user" }).where(eq(users.role, "admin"));
  const pair = await Promise.all([quickAccount("admin"), quickAccount("admin")]);
  expect(await activeAdmins()).toHaveLength(2);
  return pair;
}

/** The caller each request resolves to before its change runs: both requests are past sign-in. */
async function resolved(account: Account): Promise<Caller> {
  const caller = await resolveCaller(getDb(), new Headers({ authorization: `Bearer ${account.token}` }));
  expect(caller?.role).toBe("admin");
  return caller!;
}

const demotion = { first_name: "Former", last_name: "Admin", role: "user" as const };
const outcome = (settled: PromiseSettledResult<unknown>) => (settled.status === "fulfilled" ? "done" : (settled.reason as Error).message);

describe("the last active admin stays", () => {
  it("two admins demoting each other at the same moment leave one admin", async () => {
    const [x, y] = await onlyTwoAdmins();
    const [callerX, callerY] = await Promise.all([resolved(x), resolved(y)]);
    const results = await Promise.allSettled([updateUserAsAdmin(getDb(), callerX, y.id, demotion), updateUserAsAdmin(getDb(), callerY, x.id, demotion)]);
    expect(results.map(outcome).sort()).toEqual([LAST_ADMIN, "done"].sort());
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("two admins deleting each other at the same moment leave one admin", async () => {
    const [x, y] = await onlyTwoAdmins();
    const [callerX, callerY] = await Promise.all([resolved(x), resolved(y)]);
    const results = await Promise.allSettled([deleteUser(getDb(), callerX, y.id), deleteUser(getDb(), callerY, x.id)]);
    expect(results.map(outcome).sort()).toEqual([LAST_ADMIN, "done"].sort());
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("one demoting while the other deletes leaves one admin", async () => {
    const [x, y] = await onlyTwoAdmins();
    const [callerX, callerY] = await Promise.all([resolved(x), resolved(y)]);
    const results = await Promise.allSettled([updateUserAsAdmin(getDb(), callerX, y.id, demotion), deleteUser(getDb(), callerY, x.id)]);
    expect(results.map(outcome).sort()).toEqual([LAST_ADMIN, "done"].sort());
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("over HTTP, in parallel: one wins, the other is refused with a clear {detail}, one admin remains", async () => {
    const [x, y] = await onlyTwoAdmins();
    const [first, second] = await Promise.all([
      call(updateUser, { method: "PUT", token: x.token, params: { id: String(y.id) }, json: demotion }),
      call(removeUser, { method: "DELETE", token: y.token, params: { id: String(x.id) } }),
    ]);
    const statuses = [first.status, second.status].sort();
    // 409 when both got past sign-in before either change; 401 when the winner's change came first.
    expect([[200, 409], [204, 409], [200, 401], [204, 401]]).toContainEqual(statuses);
    for (const res of [first, second]) if (res.status >= 400) expect(res.body.detail).toEqual(expect.any(String));
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("the refusal names the rule: 409 with the last-admin message", async () => {
    const [x, y] = await onlyTwoAdmins();
    const callerY = await resolved(y);
    await updateUserAsAdmin(getDb(), await resolved(x), y.id, demotion);
    // y's request was already past sign-in when x's change landed.
    await expect(updateUserAsAdmin(getDb(), callerY, x.id, demotion)).rejects.toMatchObject({ status: 409, message: LAST_ADMIN });
    expect(await activeAdmins()).toEqual([x.id]);
  });
});
