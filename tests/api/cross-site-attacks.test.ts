import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { verifications } from "../../db/schema";
import { otpIdentifier } from "../../lib/accounts/email-otp";
import { getEnv } from "../../lib/platform/env";
import { call } from "../harness/http";
import { browserSessionFor } from "../harness/session-cookie";
import { fingerprint } from "./db-fingerprint";
import { exampleCall } from "./fuzz-cases";
import { ENDPOINTS, endpointName, handlerOf } from "./routes";
import { createWorld, type Account } from "./world";

/*
 * A page on a sibling subdomain (SameSite=Lax lets the cookie through there)
 * submitted a bodyless form to POST /users/me/password-reset-code, and the admin's bodyless retry
 * endpoints, with the victim's session cookie. A change made with the cookie must now come from
 * the app's own origin; bearer calls (no ambient credential) are unaffected.
 */

const APP_ORIGIN = new URL(getEnv().APP_URL).origin;
const SIBLING = { origin: "https://evil.learnpath.example", "sec-fetch-site": "same-site" };
const OTHER_SITE = { origin: "https://other.example", "sec-fetch-site": "cross-site" };
const REFUSED = { detail: "Cross-site request refused: changes made with your session must come from this app's own pages." };

async function cookieOf(account: Account): Promise<string> {
  return (await browserSessionFor(account.id)).cookie;
}

/** A bodyless HTML form post: what a foreign page can make a browser send, cookie included. */
const formPost = (cookie: string, headers: Record<string, string>, params?: Record<string, string>) => ({
  method: "POST",
  contentType: "application/x-www-form-urlencoded",
  body: "",
  headers: { cookie, ...headers },
  params,
});

describe("cross-site form posts with the session cookie", () => {
  it.each([
    ["a sibling subdomain (Sec-Fetch-Site: same-site)", SIBLING],
    ["another site", OTHER_SITE],
    ["an old browser that sends Origin only", { origin: "https://other.example" }],
    ["a request with neither Origin nor Sec-Fetch-Site", {}],
    ["a sandboxed page (Origin: null)", { origin: "null" }],
  ])("POST /users/me/password-reset-code from %s is refused and sends no code", async (_from, headers) => {
    const world = await createWorld();
    const res = await call(handlerOf("POST /users/me/password-reset-code"), formPost(await cookieOf(world.a), headers));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await getDb().select().from(verifications).where(eq(verifications.identifier, otpIdentifier(world.a.email, "reset_password")))).toEqual([]);
  });

  it.each(["POST /courses/{id}/generation/retry", "POST /topics/{id}/generation/retry"])("the admin's bodyless %s from a sibling subdomain is refused", async (name) => {
    const world = await createWorld();
    const id = name.startsWith("POST /courses") ? world.courseId : world.topicId;
    // Signing in writes a session row: done before the fingerprint.
    const cookie = await cookieOf(world.admin);
    const before = await fingerprint();
    const res = await call(handlerOf(name), formPost(cookie, SIBLING, { id: String(id) }));
    expect([res.status, res.body]).toEqual([403, REFUSED]);
    expect(await fingerprint()).toEqual(before);
  });

  it("every state-changing endpoint for signed-in callers refuses the cookie from another origin, and writes nothing", async () => {
    const world = await createWorld();
    const cookie = await cookieOf(world.admin);
    const changes = ENDPOINTS.filter((e) => e.access !== "public" && !["GET", "HEAD", "OPTIONS"].includes(e.method));
    expect(changes.length).toBeGreaterThan(15);
    const accepted: string[] = [];
    for (const endpoint of changes) {
      const request = exampleCall(endpoint, endpoint.example(world, world.a.id), undefined);
      const before = await fingerprint();
      const res = await call(endpoint.key, { ...request, headers: { ...request.headers, cookie, ...SIBLING } });
      if (res.status !== 403 || res.body?.detail !== REFUSED.detail) accepted.push(`${endpointName(endpoint)}: ${res.status}`);
      if (JSON.stringify(await fingerprint()) !== JSON.stringify(before)) accepted.push(`${endpointName(endpoint)} wrote`);
    }
    expect(accepted).toEqual([]);
  });
});

describe("what still works", () => {
  it("the app's own pages: Origin equal to APP_URL, or Sec-Fetch-Site: same-origin", async () => {
    const world = await createWorld();
    const cookie = await cookieOf(world.a);
    const update = handlerOf("PUT /users/me");
    const names = { first_name: "Ada", last_name: "Lovelace" };
    expect((await call(update, { method: "PUT", json: names, headers: { cookie, origin: APP_ORIGIN } })).status).toBe(200);
    expect((await call(update, { method: "PUT", json: names, headers: { cookie, "sec-fetch-site": "same-origin" } })).status).toBe(200);
  });

  it("bearer calls are unaffected by Origin: they carry no ambient credential", async () => {
    const world = await createWorld();
    const res = await call(handlerOf("PUT /users/me"), { method: "PUT", token: world.a.token, json: { first_name: "Ada", last_name: "L" }, headers: OTHER_SITE });
    expect(res.status).toBe(200);
  });

  it("reads with the cookie are unaffected (the browser keeps a cross-site answer from the foreign page)", async () => {
    const world = await createWorld();
    const res = await call(handlerOf("GET /users/me"), { headers: { cookie: await cookieOf(world.a), ...OTHER_SITE } });
    expect(res.status).toBe(200);
  });
});
