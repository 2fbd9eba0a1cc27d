import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { PRODUCTION_WEB_ENTRY } from "../scripts/lib/web-command";
import { databaseUrl } from "./fixtures/db";
import { browserSignInFrom, logInFrom, rawRequest } from "./fixtures/raw-http";
import { E2E_DATA_SUBDIR, E2E_LEARNER, E2E_PORT } from "./fixtures/settings";

/*
 * The compiled production server (dist/server.mjs, what `npm start` and the Docker image run),
 * attacked over real sockets from different loopback addresses: per-address limits are per
 * address, forged X-Forwarded-For hops change nothing (TRUST_PROXY is unset here), a malformed
 * request line is a 400 with the security headers, and the health checks answer.
 */

test.describe.configure({ mode: "serial" });

const ATTACKER = "127.0.0.2";
const LEARNER = "127.0.0.3";
const FORGER = "127.0.0.4";
const BROWSER_ATTACKER = "127.0.0.5";
const BROWSER_LEARNER = "127.0.0.6";

test("105 failed log-ins from one address leave a correct log-in from another at 200", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 105; i++) statuses.push((await logInFrom(ATTACKER, `made-up-${i}@example.com`, "wrong-password")).status);
  expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
  expect(statuses.slice(100)).toEqual([429, 429, 429, 429, 429]);

  const learner = await logInFrom(LEARNER, E2E_LEARNER.email, E2E_LEARNER.password);
  expect(learner.status).toBe(200);
  expect(JSON.parse(learner.body).access_token).toBeTruthy();
});

test("forged X-Forwarded-For hops do not escape the per-address limit", async () => {
  for (let i = 0; i < 100; i++) {
    const res = await logInFrom(FORGER, `forger-${i}@example.com`, "wrong-password", { "x-forwarded-for": `203.0.113.${i}` });
    expect(res.status).toBe(401);
  }
  // A brand-new made-up hop, and a made-up chain: still this socket's bucket.
  expect((await logInFrom(FORGER, "forger-x@example.com", "wrong-password", { "x-forwarded-for": "198.51.100.200" })).status).toBe(429);
  expect((await logInFrom(FORGER, "forger-y@example.com", "wrong-password", { "x-forwarded-for": "10.1.1.1, 10.2.2.2" })).status).toBe(429);
});

test("the browser sign-in counts failures per address too (the server hands Better Auth the address it decided)", async () => {
  for (let i = 0; i < 100; i++) expect(await browserSignInFrom(BROWSER_ATTACKER, `browser-made-up-${i}@example.com`, "wrong-password")).toBe("Invalid email or password.");
  expect(await browserSignInFrom(BROWSER_ATTACKER, E2E_LEARNER.email, E2E_LEARNER.password)).toMatch(/too many attempts/i);
  expect(await browserSignInFrom(BROWSER_LEARNER, E2E_LEARNER.email, E2E_LEARNER.password)).toBeNull();
});

test("behind a trusted proxy (TRUST_PROXY=true) the hop the proxy appended counts, never the client's first hop", async () => {
  test.setTimeout(120_000);
  // A second instance of the same compiled server, on the same database, configured for one proxy in front.
  const port = E2E_PORT + 50;
  const server = spawn(process.execPath, [PRODUCTION_WEB_ENTRY, "--port", String(port), "--hostname", "127.0.0.1"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl(),
      AUTH_SECRET: readFileSync(resolve(".data", E2E_DATA_SUBDIR, "auth-secret"), "utf8").trim(),
      APP_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: "true",
      TRUST_PROXY_HOPS: "1",
    },
    stdio: "ignore",
  });
  try {
    await expect.poll(async () => (await rawRequest({ port, path: "/readyz" }).catch(() => ({ status: 0 }))).status, { timeout: 90_000 }).toBe(200);
    const PROXY = "127.0.0.7";
    for (let i = 0; i < 100; i++) {
      // The client writes a new first hop each time; the proxy appends the address it saw.
      const res = await logInFrom(PROXY, `proxied-${i}@example.com`, "wrong-password", { "x-forwarded-for": `203.0.113.${i}, 198.51.100.7` }, port);
      expect(res.status).toBe(401);
    }
    expect((await logInFrom(PROXY, "proxied-x@example.com", "wrong-password", { "x-forwarded-for": "192.0.2.1, 198.51.100.7" }, port)).status).toBe(429);
    // Another client behind the same proxy is its own address.
    expect((await logInFrom(PROXY, E2E_LEARNER.email, E2E_LEARNER.password, { "x-forwarded-for": "198.51.100.8" }, port)).status).toBe(200);
  } finally {
    server.kill("SIGTERM");
  }
});

test("a malformed Host answers 400 {detail} with the security headers, for API and page paths", async () => {
  for (const path of ["/topics", "/", "/login"]) {
    const res = await rawRequest({ path, headers: { host: "x:99999" } });
    expect(res.status, path).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(/malformed/i);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
});

test("route precedence follows Next.js: static segments first, and a matched path never falls through", async () => {
  const res = await rawRequest({ path: "/users/update/selected-topics" });
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("PUT, OPTIONS");
  expect((await rawRequest({ path: "/users/me" })).status).toBe(401);
});

test("errors carry the security headers too", async () => {
  for (const res of [await rawRequest({ path: "/users/me" }), await rawRequest({ path: "/no/such/api", headers: { accept: "application/json" } }), await rawRequest({ method: "PATCH", path: "/topics" })]) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  }
});

test("an idle keep-alive connection is kept 65 s, beyond a proxy's usual 60 s, and clients are told so", async () => {
  // Node's 5 s default cut connections a client was reusing at that moment: a reset POST in CI.
  const health = await fetch(`http://127.0.0.1:${E2E_PORT}/healthz`);
  expect(health.status).toBe(200);
  expect(health.headers.get("keep-alive")).toBe("timeout=65");
});

test("GET /healthz and GET /readyz answer 200", async () => {
  const health = await rawRequest({ path: "/healthz" });
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toEqual({ status: "ok" });
  const ready = await rawRequest({ path: "/readyz" });
  expect(ready.status).toBe(200);
  expect(JSON.parse(ready.body).status).toBe("ready");
});
