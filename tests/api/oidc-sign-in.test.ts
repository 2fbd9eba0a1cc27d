import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { call, createUser } from "../harness/http";
import { freePort } from "../harness/free-port";
import { OIDC_APP_URL as APP, oidcBrowser } from "../harness/oidc-browser";
import { OIDC_CLIENT, startOidcProvider, type OidcProvider } from "../harness/oidc-provider";
import { handlerOf } from "./routes";

/*
 * Organisation sign-in with OpenID Connect, against a real provider on loopback. The
 * browser's part (cookies and redirects between the app and the provider) is played by hand
 * (tests/harness/oidc-browser.ts).
 */

const me = handlerOf("GET /users/me");
let provider: OidcProvider;
let signInWithProvider: ReturnType<typeof oidcBrowser>["signInWithProvider"];

beforeAll(async () => {
  provider = await startOidcProvider(await freePort(), `${APP}/api/auth/callback/oidc`);
  vi.stubEnv("APP_URL", APP);
  vi.stubEnv("OIDC_ISSUER", provider.issuer);
  vi.stubEnv("OIDC_CLIENT_ID", OIDC_CLIENT.id);
  vi.stubEnv("OIDC_CLIENT_SECRET", OIDC_CLIENT.secret);
  vi.resetModules();
  const { handleAuthRequest } = await import("../../lib/accounts/auth/handler");
  ({ signInWithProvider } = oidcBrowser(handleAuthRequest, "192.0.2.10"));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await provider.close();
});

describe("organisation sign-in (OpenID Connect)", () => {
  it("a first sign-in creates a learner with the e-mail the provider verified, signed in", async () => {
    const email = `oidc-new-${Date.now()}@org.example`;
    const { landing, jar } = await signInWithProvider(email);
    expect(landing).toBe(`${APP}/login?continue=1`);
    const res = await call(me, { headers: { cookie: jar.header(APP) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, first_name: "Olivia", last_name: "Provider", role: "user" });
    const [row] = await getDb().select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(true);
    // No password: its only account is the provider's.
    expect((await getDb().select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, row!.id))).map((a) => a.providerId)).toEqual(["oidc"]);
  });

  it("a later sign-in joins the existing account by its verified e-mail", async () => {
    const learner = await createUser();
    const { landing, jar } = await signInWithProvider(learner.email);
    expect(landing).toBe(`${APP}/login?continue=1`);
    expect((await call(me, { headers: { cookie: jar.header(APP) } })).body.id).toBe(learner.user.id);
  });

  it("an e-mail the provider did not verify neither joins an account nor creates one", async () => {
    const email = `unverified-${Date.now()}@org.example`;
    const { landing, jar } = await signInWithProvider(email);
    expect(landing).toMatch(new RegExp(`^${APP}/login\\?error=`));
    expect((await call(me, { headers: { cookie: jar.header(APP) } })).status).toBe(401);
    expect(await getDb().select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
