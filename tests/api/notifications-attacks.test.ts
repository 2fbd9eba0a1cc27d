import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { notify } from "../../lib/accounts/notifications/notify";
import { call } from "../harness/http";
import { fingerprint } from "./db-fingerprint";
import { quickAccount } from "./world";

/*
 * Attacks on notifications (docs/security.md, "Notifications"): a user reads and marks only their
 * own. Someone else's notification is the same 404 as one that does not exist, and marking it
 * writes nothing; no list or count shows another user's.
 */

async function noticeFor(userId: number, title = "Owner's secret course") {
  await notify(getDb(), [{ userId, kind: "course_ready", payload: { course_id: 1, course_title: title }, eventKey: `test:${userId}:${title}` }]);
  const [row] = await getDb().select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId));
  return row!.id;
}

describe("a notification is its owner's alone", () => {
  it("marking another user's notification read is the 404 of a missing one, and writes nothing", async () => {
    const [owner, attacker] = await Promise.all([quickAccount(), quickAccount()]);
    const id = await noticeFor(owner.id);
    const before = await fingerprint();
    const theirs = await call("POST /users/me/notifications/:id/read", { token: attacker.token, params: { id: String(id) } });
    const missing = await call("POST /users/me/notifications/:id/read", { token: attacker.token, params: { id: "999999999" } });
    expect([theirs.status, missing.status]).toEqual([404, 404]);
    expect(theirs.body).toEqual(missing.body);
    expect(await fingerprint()).toEqual(before);
    const [row] = await getDb().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id));
    expect(row!.readAt).toBeNull();
  });

  it("an admin is no owner either: someone else's notification is a 404 for them too", async () => {
    const [owner, admin] = await Promise.all([quickAccount(), quickAccount("admin")]);
    const id = await noticeFor(owner.id);
    const res = await call("POST /users/me/notifications/:id/read", { token: admin.token, params: { id: String(id) } });
    expect(res.status).toBe(404);
  });

  it("another user's list, count and mark-all-read never show or touch the owner's", async () => {
    const [owner, attacker] = await Promise.all([quickAccount(), quickAccount()]);
    await noticeFor(owner.id);
    const list = await call("GET /users/me/notifications", { token: attacker.token });
    const count = await call("GET /users/me/notifications/unread-count", { token: attacker.token });
    expect(list.status).toBe(200);
    expect(list.body.notifications).toEqual([]);
    expect(JSON.stringify(list.body)).not.toContain("Owner's secret course");
    expect(count.body).toEqual({ unread_count: 0 });
    await call("POST /users/me/notifications/read-all", { token: attacker.token });
    expect((await call("GET /users/me/notifications/unread-count", { token: owner.token })).body).toEqual({ unread_count: 1 });
  });

  it("a cursor naming someone else's notification pages only the caller's own", async () => {
    const [owner, attacker] = await Promise.all([quickAccount(), quickAccount()]);
    const id = await noticeFor(owner.id);
    const res = await call("GET /users/me/notifications", { token: attacker.token, path: `/users/me/notifications?cursor=${id + 1}` });
    expect(res.body.notifications).toEqual([]);
  });

  it("without a session nothing is answered", async () => {
    const res = await call("GET /users/me/notifications");
    expect(res.status).toBe(401);
  });
});
