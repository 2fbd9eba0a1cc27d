import { Writable } from "node:stream";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { rateLimits } from "../db/schema";
import { createLogger, replaceLogger } from "../lib/platform/log/logger";
import { startFakeOpenAi, type FakeOpenAi } from "../tests/harness/fake-openai";
import { pointModelAtFake, queueNewCourse, startWorker, waitForCourse } from "../tests/harness/generation";
import { sampleValue } from "../tests/harness/prometheus";
import { createApiApp } from "./app";

/*
 * What operators get from the web server: GET /metrics behind METRICS_TOKEN (request durations
 * per route pattern, the database pool, rate-limit refusals, generation and model figures), a
 * request id on every answer, and one JSON log line per request carrying it.
 */

const TOKEN = "metrics-token-for-tests-0123456789";
// The environment is read once per process: the fake model is in it before the first request.
const fake: FakeOpenAi = await startFakeOpenAi();
pointModelAtFake(fake);
afterAll(() => fake.close());
const fallback = () => new Response("a page", { status: 200 });
const app = createApiApp({ trust: { trustProxy: false, hops: 1 }, fallback, metricsToken: TOKEN });
const behindProxy = createApiApp({ trust: { trustProxy: true, hops: 1 }, fallback, metricsToken: TOKEN });

async function scrape(): Promise<string> {
  const res = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

/** Log lines written while `work` runs, parsed. */
async function logLines(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const previous = replaceLogger(createLogger("info", new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) })));
  try {
    await work();
  } finally {
    replaceLogger(previous);
  }
  return lines.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const open = createApiApp({ trust: { trustProxy: false, hops: 1 }, fallback });
    const res = await open.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("refuses a missing or wrong token with 401", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const res = await app.request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(await res.text()).not.toContain("learnpath_");
    }
  });

  it("counts requests by route pattern and status, never by raw path", async () => {
    expect((await app.request("/topics")).status).toBe(200);
    expect((await app.request("/courses/999999")).status).toBe(401);
    expect((await app.request("/some/page")).status).toBe(200);
    const text = await scrape();
    expect(sampleValue(text, "learnpath_http_request_duration_seconds_count", { method: "GET", route: "/topics", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, "learnpath_http_request_duration_seconds_count", { method: "GET", route: "/courses/:id", status: "401" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, "learnpath_http_request_duration_seconds_count", { method: "GET", route: "page", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("/courses/999999");
    expect(text).not.toContain("/some/page");
  });

  it("shows the database pool and the process", async () => {
    expect((await app.request("/topics")).status).toBe(200); // the pool has opened a connection
    const text = await scrape();
    expect(sampleValue(text, "learnpath_db_pool_connections")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, "learnpath_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, "learnpath_db_pool_waiting_requests")).toBe(0);
    expect(sampleValue(text, "learnpath_db_pool_max_connections")).toBe(4);
    expect(sampleValue(text, "learnpath_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts a rate-limit refusal by the limit's name", async () => {
    await getDb().delete(rateLimits);
    const before = sampleValue(await scrape(), "learnpath_rate_limit_refusals_total", { limit: "verify-code:email" }) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.request("/forgot-password/verify-code", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody-metrics@example.com", code: "000000" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const text = await scrape();
    expect(sampleValue(text, "learnpath_rate_limit_refusals_total", { limit: "verify-code:email" })).toBe(before + 1);
    expect(sampleValue(text, "learnpath_http_request_duration_seconds_count", { method: "POST", route: "/forgot-password/verify-code", status: "429" })).toBeGreaterThanOrEqual(1);
  });
});

describe("generation and model metrics", () => {
  let worker: PgBoss;

  beforeAll(async () => {
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker?.stop({ graceful: false, close: true });
  });

  it("after a course is generated with the fake model: courses by status, queues, tokens and call durations by task", { timeout: 120_000 }, async () => {
    const before = await scrape();
    const doneBefore = sampleValue(before, "learnpath_generation_courses", { status: "done" }) ?? 0;
    const courseId = await queueNewCourse("Metrics course");
    expect((await waitForCourse(courseId)).generationStatus).toBe("done");

    const text = await scrape();
    expect(sampleValue(text, "learnpath_generation_courses", { status: "done" })).toBe(doneBefore + 1);
    expect(sampleValue(text, "learnpath_generation_courses", { status: "failed" })).toBe(0);
    for (const state of ["queued", "active", "deferred", "failed"]) {
      expect(sampleValue(text, "learnpath_queue_jobs", { queue: "generate-course-outline", state })).toBeGreaterThanOrEqual(0);
    }
    const outlineCalls = fake.requests.filter((request) => request.task === "course_outline").length;
    expect(outlineCalls).toBeGreaterThan(0);
    expect(sampleValue(text, "learnpath_model_call_duration_seconds_count", { task: "outline", outcome: "ok" })).toBe(outlineCalls);
    expect(sampleValue(text, "learnpath_model_call_duration_seconds_count", { task: "subsection", outcome: "ok" })).toBeGreaterThan(0);
    expect(sampleValue(text, "learnpath_model_tokens_total", { task: "outline", type: "prompt" })).toBeGreaterThan(0);
    expect(sampleValue(text, "learnpath_model_tokens_total", { task: "outline", type: "completion" })).toBeGreaterThan(0);
  });
});

describe("request ids and the request log", () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("puts a fresh id on every answer: API, errors and pages alike", async () => {
    const answers = [await app.request("/topics"), await app.request("/users/me"), await app.request("/topics", { method: "PATCH" }), await app.request("/a/page")];
    const ids = answers.map((res) => res.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed X-Request-Id only from a trusted proxy", async () => {
    const sent = "proxy-0123456789abcdef";
    expect((await behindProxy.request("/topics", { headers: { "x-request-id": sent } })).headers.get("x-request-id")).toBe(sent);
    expect((await app.request("/topics", { headers: { "x-request-id": sent } })).headers.get("x-request-id")).toMatch(uuid);
    for (const forged of ["short", "has spaces in it", `x${"a".repeat(200)}`, 'quote"inside-0123']) {
      expect((await behindProxy.request("/topics", { headers: { "x-request-id": forged } })).headers.get("x-request-id")).toMatch(uuid);
    }
  });

  it("writes one JSON line per request with its id, route, status, duration and address", async () => {
    let res: Response | undefined;
    const lines = await logLines(async () => (res = await app.request("/courses/999999", { headers: { "x-forwarded-for": "203.0.113.9" } })));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: "info", msg: "request", request_id: res!.headers.get("x-request-id"), method: "GET", route: "/courses/:id", path: "/courses/999999", status: 401, client_address: "unknown" });
    expect(typeof line!.duration_ms).toBe("number");
    expect(new Date(String(line!.time)).getTime()).not.toBeNaN();
  });

  it("logs successful health checks and scrapes at debug only, a refused scrape at info", async () => {
    const lines = await logLines(async () => {
      expect((await app.request("/healthz")).status).toBe(200);
      expect((await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      expect((await app.request("/metrics")).status).toBe(401);
    });
    expect(lines.map((line) => [line.route, line.status])).toEqual([["/metrics", 401]]);
  });

  it("logs an unexpected error as JSON with the request's id, and answers 500 without details", async () => {
    const failing = createApiApp({
      trust: { trustProxy: false, hops: 1 },
      fallback: () => {
        throw new Error("boom: a secret detail");
      },
    });
    let res: Response | undefined;
    const lines = await logLines(async () => (res = await failing.request("/a/page")));
    expect(res!.status).toBe(500);
    expect(await res!.text()).not.toContain("secret");
    const error = lines.find((line) => line.level === "error");
    expect(error).toMatchObject({ msg: "unexpected error", request_id: res!.headers.get("x-request-id") });
    expect((error!.err as { message: string }).message).toBe("boom: a secret detail");
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ status: 500, request_id: res!.headers.get("x-request-id") });
  });
});
