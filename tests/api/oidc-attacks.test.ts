import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema";
import { freePort } from "../harness/free-port";
import { OIDC_APP_URL as APP, OIDC_CALLBACK_URL, oidcBrowser } from "../harness/oidc-browser";
import { OIDC_CLIENT, startOidcProvider, type OidcProvider } from "../harness/oidc-provider";
import { secretOf, totp } from "../harness/totp";

/*
 * Pen test, round three: the organisation sign-in (OpenID Connect) against a real provider on
 * loopback, told from the attacker's side. Every story runs from its own address, 127.0.0.5.
 * ADMIN_REQUIRE_TWO_FACTOR is on for the whole file, as the admin story needs it.
 */

const ADDRESS = "127.0.0.5";
const TWO_FACTOR_REFUSAL = "two_factor_required";

type Http = typeof import("../harness/http");
let call: Http["call"];
let createUser: Http["createUser"];
let provider: OidcProvider;
let browser: ReturnType<typeof oidcBrowser>;

beforeAll(async () => {
  provider = await startOidcProvider(await freePort(), OIDC_CALLBACK_URL);
  vi.stubEnv("APP_URL", APP);
  vi.stubEnv("OIDC_ISSUER", provider.issuer);
  vi.stubEnv("OIDC_CLIENT_ID", OIDC_CLIENT.id);
  vi.stubEnv("OIDC_CLIENT_SECRET", OIDC_CLIENT.secret);
  vi.stubEnv("ADMIN_REQUIRE_TWO_FACTOR", "true");
  // lib/platform/env.ts reads the environment once: the app, built afresh with these settings.
  vi.resetModules();
  ({ call, createUser } = await import("../harness/http"));
  browser = oidcBrowser((await import("../../lib/accounts/auth/handler")).handleAuthRequest, ADDRESS);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await provider.close();
});

type Account = Awaited<ReturnType<Http["createUser"]>>;

/** Turns two-factor sign-in on, as the owner does on My Account. */
async function turnOnTwoFactor(account: Account) {
  const started = await call("POST /users/me/two-factor", { token: account.token, json: { password: account.password } });
  expect(started.status).toBe(200);
  const secret = secretOf(started.body.otpauth_uri);
  expect((await call("POST /users/me/two-factor/confirm", { token: account.token, json: { code: totp(secret) } })).status).toBe(200);
  return secret;
}

const me = (cookie: string) => call("GET /users/me", { headers: { cookie } });

async function sessionsOf(userId: number): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row!.n;
}

async function providersOf(userId: number): Promise<string[]> {
  return (await getDb().select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId))).map((a) => a.providerId).sort();
}

/** Where the browser landed: the login page with this error code, and nothing else. */
function expectRefusedTo(landing: string, error: string) {
  const url = new URL(landing);
  expect([url.origin, url.pathname, url.searchParams.get("error")]).toEqual([APP, "/login", error]);
}

describe("a second factor guards the organisation sign-in too", () => {
  it("a learner with two-factor on who signs in through the provider gets no session and no link, and lands on /login told why", async () => {
    const learner = await createUser();
    await turnOnTwoFactor(learner);
    const before = await sessionsOf(learner.user.id);

    const { landing, jar } = await browser.signInWithProvider(learner.email);
    expectRefusedTo(landing, TWO_FACTOR_REFUSAL);
    expect((await me(jar.header(APP))).status).toBe(401);
    expect(await sessionsOf(learner.user.id)).toBe(before);
    expect(await providersOf(learner.user.id)).toEqual(["credential"]);
  });

  it("so does an admin with two-factor on under ADMIN_REQUIRE_TWO_FACTOR=true", async () => {
    const admin = await createUser("admin");
    await turnOnTwoFactor(admin);
    const before = await sessionsOf(admin.user.id);

    const { landing, jar } = await browser.signInWithProvider(admin.email);
    expectRefusedTo(landing, TWO_FACTOR_REFUSAL);
    expect((await me(jar.header(APP))).status).toBe(401);
    expect(await sessionsOf(admin.user.id)).toBe(before);
  });

  it("an account linked to the provider before two-factor went on is refused from then on; the password and code still open it", async () => {
    const learner = await createUser();
    const linked = await browser.signInWithProvider(learner.email);
    expect(linked.landing).toBe(`${APP}/login?continue=1`);
    expect(await providersOf(learner.user.id)).toEqual(["credential", "oidc"]);
    const secret = await turnOnTwoFactor(learner);
    const before = await sessionsOf(learner.user.id);

    const { landing, jar } = await browser.signInWithProvider(learner.email);
    expectRefusedTo(landing, TWO_FACTOR_REFUSAL);
    expect((await me(jar.header(APP))).status).toBe(401);
    expect(await sessionsOf(learner.user.id)).toBe(before);

    const withCode = await call("POST /api/auth/sign-in/password", {
      json: { email: learner.email, password: learner.password, otp: totp(secret, 1) },
      headers: { origin: APP },
      clientAddress: ADDRESS,
    });
    expect(withCode.status).toBe(200);
  });
});

describe("sign-in/social takes no ID token", () => {
  it("the provider's ID token without a nonce (with or without its access token) opens no session, nor skips the second factor", async () => {
    const learner = await createUser();
    await turnOnTwoFactor(learner);
    const before = await sessionsOf(learner.user.id);
    const { idToken, accessToken } = await browser.providerTokensFor(provider.issuer, learner.email);

    for (const presented of [{ token: idToken }, { token: idToken, accessToken }]) {
      const answer = await call("POST /api/auth/sign-in/social", { json: { provider: "oidc", idToken: presented }, headers: { origin: APP }, clientAddress: ADDRESS });
      expect([Object.keys(presented), answer.status, answer.body?.code]).toEqual([Object.keys(presented), 400, "ID_TOKEN_NOT_ACCEPTED"]);
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.body).not.toHaveProperty("token");
    }
    expect(await sessionsOf(learner.user.id)).toBe(before);
  });

  it("the provider's tokens are not kept in accounts, neither at the first sign-in nor at a later one", async () => {
    const email = `oidc-tokens-${Date.now()}@org.example`;
    const tokensOf = () =>
      getDb()
        .select({ accessToken: accounts.accessToken, refreshToken: accounts.refreshToken, idToken: accounts.idToken })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.email, email), eq(accounts.providerId, "oidc")));
    const none = [{ accessToken: null, refreshToken: null, idToken: null }];

    expect((await browser.signInWithProvider(email)).landing).toBe(`${APP}/login?continue=1`);
    expect(await tokensOf()).toEqual(none);
    expect((await browser.signInWithProvider(email)).landing).toBe(`${APP}/login?continue=1`);
    expect(await tokensOf()).toEqual(none);
  });
});

describe("e-mails the provider asserts follow sign-up's rules", () => {
  it("an e-mail that only lower-cases to an account's (the Kelvin sign for K) neither joins it nor creates one", async () => {
    const suffix = `${process.pid}-${Date.now()}@example.com`;
    const kate = await createUser("user", "correct-horse-1", `kate-${suffix}`);
    const kelvin = `\u212Aate-${suffix}`;

    const { landing, jar } = await browser.signInWithProvider(kelvin);
    expectRefusedTo(landing, "email_not_found");
    expect((await me(jar.header(APP))).status).toBe(401);
    expect(await providersOf(kate.user.id)).toEqual(["credential"]);
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.email, kelvin))).toEqual([]);
  });
});

describe("no /api/auth answer hands page scripts a session token", () => {
  it("neither the password sign-in nor the provider's callback sends set-auth-token or exposes it", async () => {
    const learner = await createUser();
    const password = await call("POST /api/auth/sign-in/password", {
      json: { email: learner.email, password: learner.password },
      headers: { origin: APP },
      clientAddress: ADDRESS,
    });
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ user: { id: learner.user.id, role: "user" } });
    const { landing, answers } = await browser.signInWithProvider(`oidc-headers-${Date.now()}@org.example`);
    expect(landing).toBe(`${APP}/login?continue=1`);

    const seen = [{ url: "/api/auth/sign-in/password", headers: password.headers }, ...answers.map((a) => ({ url: new URL(a.url).pathname, headers: a.response.headers }))];
    expect(seen.map((s) => s.url)).toEqual(["/api/auth/sign-in/password", "/api/auth/sign-in/social", "/api/auth/callback/oidc"]);
    for (const { url, headers } of seen) {
      expect([url, headers.get("set-auth-token"), headers.get("access-control-expose-headers") ?? ""]).toEqual([url, null, expect.not.stringMatching(/set-auth-token/i)]);
    }
  });
});
