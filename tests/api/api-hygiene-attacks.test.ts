import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, users } from "../../db/schema";
import { MAX_PAGE_SIZE } from "../../lib/platform/pagination";
import { call } from "../harness/http";
import { exampleCall } from "./fuzz-cases";
import { ENDPOINTS, endpointName, handlerOf } from "./routes";
import { createWorld } from "./world";

/*
 * API JSON could be kept by shared caches (no Cache-Control), GET
 * /users and GET /recommendations answered any number of rows, and a body with invalid UTF-8 was
 * silently "repaired" (U+FFFD) and stored.
 */

describe("API answers are not stored by caches", () => {
  // A world per endpoint: its time grows with the API, so it gets more than the default 30 s.
  it("every endpoint's answer, success or refusal, carries Cache-Control: no-store", { timeout: 120_000 }, async () => {
    const missing: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.path !== "/{...unknown}")) {
      const world = await createWorld();
      const asAdmin = await call(endpoint.key, exampleCall(endpoint, endpoint.example(world, world.a.id), world.admin.token));
      const anonymous = await call(endpoint.key, exampleCall(endpoint, endpoint.example(world, world.a.id), undefined));
      for (const [who, res] of [["admin", asAdmin], ["anonymous", anonymous]] as const) {
        if (res.headers.get("cache-control") !== "no-store") missing.push(`${endpointName(endpoint)} (${who}, ${res.status})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("an unknown API path's JSON 404 carries it too", async () => {
    const res = await call(handlerOf("GET /{...unknown}"), { path: "/users/no-such-endpoint/at-all" });
    expect([res.status, res.headers.get("cache-control")]).toEqual([404, "no-store"]);
  });

  it("under the API's namespaces (derived from the declarations) an unknown path is a JSON 404 even for a browser; elsewhere a browser gets the not-found page", async () => {
    const browser = { accept: "text/html,application/xhtml+xml" };
    for (const path of ["/courses/1/nope", "/review/due/extra", "/api/auth/nothing", "/section-quizzes/1"]) {
      const res = await call(handlerOf("GET /{...unknown}"), { path, headers: browser });
      expect([path, res.status, res.body]).toEqual([path, 404, { detail: "Not Found" }]);
    }
    const page = await call(handlerOf("GET /{...unknown}"), { path: "/nothing-here", headers: browser });
    expect([page.status, page.headers.get("location"), page.headers.get("content-type")]).toEqual([404, null, "text/html; charset=utf-8"]);
    for (const [method, accept] of [["GET", "application/json"], ["GET", undefined], ["POST", "text/html"], ["DELETE", "text/html"]] as const) {
      const api = await call(handlerOf("GET /{...unknown}"), { method, path: "/nothing-here", headers: accept ? { accept } : {} });
      expect([method, accept, api.status, api.body]).toEqual([method, accept, 404, { detail: "Not Found" }]);
    }
  });
});

describe(`lists answer at most ${MAX_PAGE_SIZE} items at a time`, () => {
  it("GET /users without a limit answers one page of at most the maximum, with the total in X-Total-Count", async () => {
    const world = await createWorld();
    await getDb()
      .insert(users)
      .values(Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => ({ firstName: "Many", lastName: `${i}`, email: `many-${world.a.id}-${i}@example.com` })));
    const res = await call(handlerOf("GET /users"), { token: world.admin.token, path: "/users" });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(MAX_PAGE_SIZE);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThan(MAX_PAGE_SIZE);
    expect((await call(handlerOf("GET /users"), { token: world.admin.token, path: `/users?limit=${MAX_PAGE_SIZE + 1}` })).status).toBe(422);
  });

  it("GET /recommendations answers at most the maximum, pages with ?page=&limit=, and says the total", async () => {
    const world = await createWorld();
    await getDb()
      .insert(courses)
      .values(Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => ({ topicId: world.topicId, title: `Course ${i}`, description: "One of many.", level: "Beginner" as const })));
    const recommendations = handlerOf("GET /recommendations");
    const first = await call(recommendations, { token: world.a.token, path: "/recommendations" });
    expect(first.body).toHaveLength(MAX_PAGE_SIZE);
    const total = Number(first.headers.get("x-total-count"));
    expect(total).toBeGreaterThan(MAX_PAGE_SIZE);
    const second = await call(recommendations, { token: world.a.token, path: `/recommendations?page=2&limit=${MAX_PAGE_SIZE}` });
    expect(second.body).toHaveLength(total - MAX_PAGE_SIZE);
    expect(new Set([...first.body, ...second.body].map((c: { id: number }) => c.id)).size).toBe(total);
    expect((await call(recommendations, { token: world.a.token, path: `/recommendations?limit=${MAX_PAGE_SIZE + 1}` })).status).toBe(422);
  });
});

describe("a body must be valid UTF-8", () => {
  // "Ad" then a byte that can start no UTF-8 sequence, then "a".
  const broken = (prefix: string, suffix: string) => new Uint8Array([...Buffer.from(prefix), 0xff, ...Buffer.from(suffix)]);

  it("invalid UTF-8 in a JSON body is a 400, and nothing is stored", async () => {
    const world = await createWorld();
    const res = await call(handlerOf("PUT /users/me"), {
      method: "PUT",
      token: world.a.token,
      contentType: "application/json",
      body: broken('{"first_name":"Ad', 'a","last_name":"Lovelace"}'),
    });
    expect([res.status, res.body]).toEqual([400, { detail: "The request body is not valid UTF-8." }]);
    const me = await call(handlerOf("GET /users/me"), { token: world.a.token });
    expect(me.body.first_name).toBe("World");
  });

  it("invalid UTF-8 in a form body (POST /log_in) is a 400 too", async () => {
    const world = await createWorld();
    const res = await call(handlerOf("POST /log_in"), { contentType: "application/x-www-form-urlencoded", body: broken(`username=${encodeURIComponent(world.a.email)}&password=x`, "") });
    expect([res.status, res.body]).toEqual([400, { detail: "The request body is not valid UTF-8." }]);
  });
});
