import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { rateLimits } from "../db/schema";
import { createUser } from "../tests/harness/http";
import { createApiApp, type Bindings } from "./app";
import { comparePrecedence } from "./register";

/*
 * The router itself, through the same app every server runs: precedence, methods, trailing
 * slashes, the fallback, headers, and the client address per request (the socket is the only
 * thing faked here; e2e/server-front.spec.ts does the same against the compiled server).
 */

const fallback = () => Response.json({ detail: "fallback" }, { status: 418 });
const direct = createApiApp({ trust: { trustProxy: false, hops: 1 }, fallback });
const behindProxy = createApiApp({ trust: { trustProxy: true, hops: 1 }, fallback });

function from(address: string): Bindings {
  return { incoming: { socket: { remoteAddress: address } } as unknown as IncomingMessage };
}

const failedLogIn = (app: typeof direct, address: string, email: string, headers: Record<string, string> = {}) =>
  app.fetch(
    new Request("http://localhost/log_in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ username: email, password: "wrong-password" }),
    }),
    from(address),
  );

describe("route precedence", () => {
  it("puts static segments before parameters, segment by segment", () => {
    expect(comparePrecedence("/users/me", "/users/:id")).toBeLessThan(0);
    expect(comparePrecedence("/users/update/:id", "/users/:id/selected-topics")).toBeLessThan(0);
    expect(comparePrecedence("/courses/:id", "/courses/generate")).toBeGreaterThan(0);
  });

  it("answers GET /users/update/selected-topics from /users/update/{id} (PUT only): 405, not the selected-topics handler", async () => {
    const res = await direct.request("/users/update/selected-topics");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PUT, OPTIONS");
  });

  it("sends /users/me to its own route, not to /users/{id}", async () => {
    const { token, user } = await createUser();
    const res = await direct.request("/users/me", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(user.id);
    // PUT /users/{id} is an admin's call; PUT /users/me is the caller's own profile: the static route wins.
    const put = await direct.request("/users/me", { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ first_name: "Me", last_name: "Myself" }) });
    expect(put.status).toBe(200);
    expect((await put.json()).id).toBe(user.id);
    // DELETE exists on /users/{id} but not on /users/interests: the static route's 405 wins.
    expect((await direct.request("/users/interests", { method: "DELETE" })).status).toBe(405);
  });
});

describe("methods and paths", () => {
  it("answers a path with or without its trailing slash alike", async () => {
    expect((await direct.request("/topics")).status).toBe(200);
    expect((await direct.request("/topics/")).status).toBe(200);
  });

  it("answers HEAD from GET, and OPTIONS with the allowed methods", async () => {
    const head = await direct.request("/topics", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await direct.request("/users/me", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
  });

  it("hands every path outside the API to the fallback (Next.js in the servers), and answers an unknown path under its namespaces itself", async () => {
    expect((await direct.request("/login")).status).toBe(418);
    expect((await direct.request("/nothing-here")).status).toBe(418);
    const underApi = await direct.request("/users/1/nothing", { headers: { accept: "text/html" } });
    expect([underApi.status, await underApi.json()]).toEqual([404, { detail: "Not Found" }]);
  });

  it("puts the security headers on API answers, errors included", async () => {
    for (const res of [await direct.request("/topics"), await direct.request("/users/me"), await direct.request("/users/me", { method: "PATCH" })]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("reads a body sent without Content-Length (chunked) only up to the limit", async () => {
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        controller.enqueue(chunk); // never closes: only a reader that stops on its own ends this
      },
    });
    const res = await direct.request("/log_in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: endless, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/too large/i);
    expect(sent).toBeLessThan(10);
  });

  it("answers a bodyless DELETE (what browsers send) through the handler", async () => {
    const { token } = await createUser();
    const res = await direct.request("/users/999999", { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
  });

  it("refuses a body over 1 MB with 413 {detail}", async () => {
    const body = "a".repeat(1024 * 1024 + 1);
    const res = await direct.request("/log_in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) }, body });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/too large/i);
  });
});

describe("the client address", () => {
  it("keeps per-address limits apart for different sockets, and ignores X-Forwarded-For without TRUST_PROXY", async () => {
    await getDb().delete(rateLimits);
    for (let i = 0; i < 100; i++) expect((await failedLogIn(direct, "127.0.0.2", `made-up-${i}@example.com`)).status).toBe(401);
    expect((await failedLogIn(direct, "127.0.0.2", "made-up-x@example.com")).status).toBe(429);
    // A made-up first hop on every request does not escape the limit.
    expect((await failedLogIn(direct, "127.0.0.2", "made-up-y@example.com", { "x-forwarded-for": "198.51.100.77" })).status).toBe(429);
    // Another address is untouched.
    expect((await failedLogIn(direct, "127.0.0.3", "made-up-z@example.com")).status).toBe(401);
  });

  it("behind a trusted proxy counts the hop the proxy appended, not the client's first hop", async () => {
    await getDb().delete(rateLimits);
    const proxy = "10.0.0.5";
    for (let i = 0; i < 100; i++) {
      const forged = `203.0.113.${i}, 198.51.100.7`; // the client forges a new first hop each time
      expect((await failedLogIn(behindProxy, proxy, `proxied-${i}@example.com`, { "x-forwarded-for": forged })).status).toBe(401);
    }
    expect((await failedLogIn(behindProxy, proxy, "proxied-x@example.com", { "x-forwarded-for": "192.0.2.1, 198.51.100.7" })).status).toBe(429);
    expect((await failedLogIn(behindProxy, proxy, "proxied-y@example.com", { "x-forwarded-for": "198.51.100.8" })).status).toBe(401);
  });
});
