import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { call, createUser } from "../harness/http";
import { freePort } from "../harness/free-port";
import { OIDC_CLIENT, startOidcProvider, type OidcProvider } from "../harness/oidc-provider";
import { handlerOf } from "./routes";

/*
 * Issue 19: organisation sign-in with OpenID Connect, against a real provider on loopback. The
 * browser's part (cookies and redirects between the app and the provider) is played by hand.
 */

const APP = "http://localhost:3000";
const me = handlerOf("GET /users/me");
let provider: OidcProvider;
let handleAuthRequest: (request: Request, address: string) => Promise<Response>;

beforeAll(async () => {
  provider = await startOidcProvider(await freePort(), `${APP}/api/auth/callback/oidc`);
  vi.stubEnv("APP_URL", APP);
  vi.stubEnv("OIDC_ISSUER", provider.issuer);
  vi.stubEnv("OIDC_CLIENT_ID", OIDC_CLIENT.id);
  vi.stubEnv("OIDC_CLIENT_SECRET", OIDC_CLIENT.secret);
  vi.resetModules();
  ({ handleAuthRequest } = await import("../../lib/auth/handler"));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await provider.close();
});

/** Cookies per origin, as a browser keeps them (name=value only: enough for these hops). */
class Jar {
  private cookies = new Map<string, Map<string, string>>();
  store(url: string, response: Response) {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(origin, jar);
  }
  header(url: string): string {
    return [...(this.cookies.get(new URL(url).origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** One hop: the app's URLs go to its auth handler, the provider's over HTTP; redirects are not followed. */
async function hop(jar: Jar, url: string, init: { method?: string; body?: string; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(url), origin: new URL(url).origin };
  if (init.contentType) headers["content-type"] = init.contentType;
  const request = new Request(url, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
  const response = url.startsWith(APP) ? await handleAuthRequest(request, "192.0.2.10") : await fetch(request);
  jar.store(url, response);
  return response;
}

/** Signs in through the provider as `login`; returns where the app sent the browser at the end, and the jar. */
async function signInWithProvider(login: string) {
  const jar = new Jar();
  const start = await hop(jar, `${APP}/api/auth/sign-in/social`, {
    method: "POST",
    contentType: "application/json",
    body: JSON.stringify({ provider: "oidc", callbackURL: "/login?continue=1", errorCallbackURL: "/login" }),
  });
  expect(start.status).toBe(200);
  let url: string = ((await start.json()) as { url: string }).url;
  for (let i = 0; i < 10; i++) {
    const response = await hop(jar, url);
    if (response.status === 200 && url.includes("/interaction/")) {
      // The development login form posts back to its own URL.
      const login_ = await hop(jar, url, {
        method: "POST",
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams({ prompt: "login", login, password: "any-password" }).toString(),
      });
      url = new URL(login_.headers.get("location")!, url).toString();
      continue;
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`stuck at ${url}: ${response.status}`);
    const next = new URL(location, url).toString();
    if (url.startsWith(`${APP}/api/auth/callback`)) return { landing: next, jar };
    url = next;
  }
  throw new Error("too many redirects");
}

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
