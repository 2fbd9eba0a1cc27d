import { describe, expect, it } from "vitest";
import { SESSION_MAX_AGE_SECONDS } from "../../lib/accounts/auth/session-constants";
import { getEnv } from "../../lib/platform/env";
import { call, createUser } from "../harness/http";
import { browserSessionFor, SESSION_COOKIE, signedCookieValue, signOutWith } from "../harness/session-cookie";
import { handlerOf } from "./routes";

/*
 * A session cookie copied before sign-out still opened /users/me and
 * /dashboard for 7 days, and bearer tokens had no log-out. Sessions are now database rows
 * (Better Auth): each story below replays a credential after its session was ended, and must be
 * refused.
 */

const me = handlerOf("GET /users/me");
const myCourses = handlerOf("GET /mycourses");
const logOut = handlerOf("POST /log_out");
const logOutEverywhere = handlerOf("POST /log_out/everywhere");

// The app's own origin (APP_URL in tests): cookie-authenticated writes must come from it.
const SAME_ORIGIN = { origin: new URL(getEnv().APP_URL).origin };

type Learner = Awaited<ReturnType<typeof createUser>>;

const browserSession = (learner: Learner) => browserSessionFor(learner.user.id);

const asCookie = (cookie: string) => ({ headers: { cookie } });

describe("browser sessions end on sign-out", () => {
  it("a session cookie replayed after sign-out is refused", async () => {
    const learner = await createUser();
    const { cookie } = await browserSession(learner);
    expect((await call(me, asCookie(cookie))).status).toBe(200);

    const out = await signOutWith(cookie);
    expect(out.status).toBe(200);
    const replay = await call(me, asCookie(cookie));
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: "Not authenticated. Please log in." });
    expect((await call(myCourses, { ...asCookie(cookie), path: "/mycourses" })).status).toBe(401);
  });

  it("signing out one browser leaves the learner's other sessions alone", async () => {
    const learner = await createUser();
    const laptop = await browserSession(learner);
    const phone = await browserSession(learner);
    await signOutWith(laptop.cookie);
    expect((await call(me, asCookie(phone.cookie))).status).toBe(200);
    expect((await call(me, { token: learner.token })).status).toBe(200);
  });

  it("a session past its 7 days from sign-in is refused", async () => {
    const learner = await createUser();
    const eightDaysAgo = Date.now() - (SESSION_MAX_AGE_SECONDS + 24 * 60 * 60) * 1000;
    const { cookie } = await browserSessionFor(learner.user.id, { expiresAt: new Date(eightDaysAgo + SESSION_MAX_AGE_SECONDS * 1000) });
    expect((await call(me, asCookie(cookie))).status).toBe(401);
  });

  it("a cookie whose signature is missing, or made with another key, is refused", async () => {
    const learner = await createUser();
    const { token } = await browserSession(learner);
    expect((await call(me, asCookie(`${SESSION_COOKIE}=${token}`))).status).toBe(401);
    expect((await call(me, asCookie(`${SESSION_COOKIE}=${signedCookieValue(token, "another-secret-of-at-least-32-chars!!")}`))).status).toBe(401);
    expect((await call(me, asCookie(`${SESSION_COOKIE}=${signedCookieValue(token)}`))).status).toBe(200);
  });
});

describe("bearer tokens end with POST /log_out", () => {
  it("a bearer token replayed after POST /log_out is refused; another token of the same learner still works", async () => {
    const learner = await createUser();
    const second = await call(handlerOf("POST /log_in"), { form: { username: learner.email, password: learner.password } });
    expect(second.status).toBe(200);

    const out = await call(logOut, { method: "POST", token: learner.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Signed out." });
    const replay = await call(me, { token: learner.token });
    expect(replay.status).toBe(401);
    expect((await call(logOut, { method: "POST", token: learner.token })).status).toBe(401);
    expect((await call(me, { token: second.body.access_token })).status).toBe(200);
  });

  it("POST /log_out with the session cookie ends that browser session", async () => {
    const learner = await createUser();
    const { cookie } = await browserSession(learner);
    expect((await call(logOut, { method: "POST", headers: { cookie, ...SAME_ORIGIN } })).status).toBe(200);
    expect((await call(me, asCookie(cookie))).status).toBe(401);
  });
});

describe("Sign out everywhere", () => {
  it("ends every cookie and bearer token of the learner at once, and no one else's", async () => {
    const learner = await createUser();
    const bystander = await createUser();
    const laptop = await browserSession(learner);
    const phone = await browserSession(learner);

    const out = await call(logOutEverywhere, { method: "POST", headers: { cookie: laptop.cookie, ...SAME_ORIGIN } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Signed out everywhere." });
    for (const credential of [asCookie(laptop.cookie), asCookie(phone.cookie), { token: learner.token }]) {
      expect((await call(me, credential)).status).toBe(401);
    }
    expect((await call(me, { token: bystander.token })).status).toBe(200);
  });
});

describe("Better Auth's own endpoints", () => {
  it("only the ones the app uses answer; the session token never comes back as JSON", async () => {
    const { handleAuthRequest } = await import("../../lib/accounts/auth/handler");
    const learner = await createUser();
    const { cookie } = await browserSession(learner);
    for (const path of ["/get-session", "/list-sessions", "/update-user", "/sign-up/email", "/two-factor/enable", "/change-password"]) {
      const request = new Request(`${SAME_ORIGIN.origin}/api/auth${path}`, { method: path === "/get-session" || path === "/list-sessions" ? "GET" : "POST", headers: { cookie, ...SAME_ORIGIN } });
      expect([path, (await handleAuthRequest(request, "test")).status]).toEqual([path, 404]);
    }
  });
});
