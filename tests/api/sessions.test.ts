import { describe, expect, it } from "vitest";
import { call, createUser } from "../harness/http";
import { handlerOf } from "./routes";
import { quickAccount } from "./world";

/*
 * Sessions you can see. My Account lists the learner's sessions (device, address, last
 * seen) and ends one, or all; an admin ends every session of a user.
 */

const logIn = handlerOf("POST /log_in");
const me = handlerOf("GET /users/me");
const list = handlerOf("GET /users/me/sessions");
const endOne = handlerOf("DELETE /users/me/sessions/{id}");
const endUsers = handlerOf("DELETE /users/{id}/sessions");

describe("GET /users/me/sessions", () => {
  it("lists the learner's own sessions with device and address, the current one marked, nobody else's", async () => {
    const learner = await createUser();
    await createUser();
    const phone = await call(logIn, { form: { username: learner.email, password: learner.password }, headers: { "user-agent": "Phone browser" }, clientAddress: "198.51.100.7" });
    const res = await call(list, { token: phone.body.access_token });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const current = res.body.sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ user_agent: "Phone browser", ip_address: "198.51.100.7", last_seen_at: expect.any(String), created_at: expect.any(String) });
    expect(res.body.sessions.filter((s: { current: boolean }) => !s.current)).toHaveLength(1);
  });
});

describe("ending sessions", () => {
  it("a learner signs one other session out; it is refused from then on, the current one goes on", async () => {
    const learner = await createUser();
    const laptop = await call(logIn, { form: { username: learner.email, password: learner.password } });
    const sessions = (await call(list, { token: learner.token })).body.sessions as { id: number; current: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    const out = await call(endOne, { method: "DELETE", token: learner.token, params: { id: String(other.id) } });
    expect([out.status, out.body]).toEqual([200, { message: "Signed out." }]);
    expect((await call(me, { token: laptop.body.access_token })).status).toBe(401);
    expect((await call(me, { token: learner.token })).status).toBe(200);
  });

  it("a learner cannot end someone else's session (404, and it goes on)", async () => {
    const a = await quickAccount();
    const b = await quickAccount();
    const res = await call(endOne, { method: "DELETE", token: a.token, params: { id: String(b.sessionId) } });
    expect([res.status, res.body]).toEqual([404, { detail: "Session not found." }]);
    expect((await call(me, { token: b.token })).status).toBe(200);
  });

  it("an admin signs a user out everywhere", async () => {
    const admin = await quickAccount("admin");
    const learner = await createUser();
    const second = await call(logIn, { form: { username: learner.email, password: learner.password } });
    const res = await call(endUsers, { method: "DELETE", token: admin.token, params: { id: String(learner.user.id) } });
    expect([res.status, res.body]).toEqual([200, { message: "Signed out everywhere." }]);
    for (const token of [learner.token, second.body.access_token]) expect((await call(me, { token })).status).toBe(401);
    expect((await call(me, { token: admin.token })).status).toBe(200);
  });
});
