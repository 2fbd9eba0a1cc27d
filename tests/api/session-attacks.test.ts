import { encode, type JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { SESSION_MAX_AGE_SECONDS } from "../../lib/auth/sessions";
import { getEnv } from "../../lib/env";
import { call, createUser } from "../harness/http";
import { cookieFor, SESSION_COOKIE, signInToken, signOutWith } from "../harness/session-cookie";
import { handlerOf } from "./routes";

/*
 * Issue 14, item 5: a next-auth.session-token copied before sign-out still opened /users/me and
 * /dashboard for 7 days, and bearer tokens had no log-out. Each story below replays a credential
 * after its session was ended, and must be refused.
 */

const me = handlerOf("GET /users/me");
const myCourses = handlerOf("GET /mycourses");
const logOut = handlerOf("POST /log_out");
const logOutEverywhere = handlerOf("POST /log_out/everywhere");

// The app's own origin (APP_URL in tests): cookie-authenticated writes must come from it.
const SAME_ORIGIN = { origin: new URL(getEnv().APP_URL).origin };

type Learner = Awaited<ReturnType<typeof createUser>>;

async function browserSession(learner: Learner) {
  const token = await signInToken({ id: learner.user.id, email: learner.email, role: learner.user.role, tokenVersion: learner.user.tokenVersion });
  return { token, cookie: await cookieFor(token) };
}

const asCookie = (cookie: string) => ({ headers: { cookie } });

describe("browser sessions end on sign-out", () => {
  it("a session cookie replayed after sign-out is refused, even re-issued by a refresh", async () => {
    const learner = await createUser();
    const { token, cookie } = await browserSession(learner);
    expect((await call(me, asCookie(cookie))).status).toBe(200);

    await signOutWith(cookie);
    const replay = await call(me, asCookie(cookie));
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: "Not authenticated. Please log in." });
    expect((await call(myCourses, { ...asCookie(cookie), path: "/mycourses" })).status).toBe(401);
    // next-auth re-encrypts the same claims on every refresh: the copy is no better.
    expect((await call(me, asCookie(await cookieFor(token)))).status).toBe(401);
  });

  it("signing out one browser leaves the learner's other sessions alone", async () => {
    const learner = await createUser();
    const laptop = await browserSession(learner);
    const phone = await browserSession(learner);
    await signOutWith(laptop.cookie);
    expect((await call(me, asCookie(phone.cookie))).status).toBe(200);
    expect((await call(me, { token: learner.token })).status).toBe(200);
  });

  it("refreshing a copied cookie does not keep it alive past 7 days from sign-in", async () => {
    const learner = await createUser();
    const { token } = await browserSession(learner);
    const eightDaysAgo = Math.floor(Date.now() / 1000) - SESSION_MAX_AGE_SECONDS - 24 * 60 * 60;
    const refreshed = await cookieFor({ ...token, signedInAt: eightDaysAgo });
    expect((await call(me, asCookie(refreshed))).status).toBe(401);
  });

  it("a session cookie without a session id (it could never be signed out) is refused", async () => {
    const learner = await createUser();
    const { token } = await browserSession(learner);
    const { sid: _sid, ...withoutId } = token;
    const legacy = await encode({ token: withoutId as JWT, secret: getEnv().AUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
    expect((await call(me, asCookie(`${SESSION_COOKIE}=${legacy}`))).status).toBe(401);
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
