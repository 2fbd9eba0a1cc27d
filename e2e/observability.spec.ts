import { expect, test } from "@playwright/test";
import { sampleValue } from "../tests/harness/prometheus";
import { E2E_METRICS_TOKEN } from "./fixtures/settings";

/*
 * The compiled server as an operator sees it: a request id on every answer, the pages Next.js
 * writes itself included, and GET /metrics (METRICS_TOKEN) counting pages and API routes by
 * pattern beside the installation's generation figures.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("every answer carries one request id, and /metrics counts pages and API routes", async ({ request }) => {
  const page = await request.get("/about");
  expect(page.status()).toBe(200);
  const api = await request.get("/topics");
  expect(api.status()).toBe(200);
  const missing = await request.get("/courses/999999");
  expect(missing.status()).toBe(401);
  const ids = [page, api, missing].map((res) => res.headers()["x-request-id"]);
  for (const id of ids) expect(id).toMatch(UUID);
  expect(new Set(ids).size).toBe(3);

  expect((await request.get("/metrics")).status()).toBe(401);
  const metrics = await request.get("/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  expect(metrics.headers()["content-type"]).toContain("text/plain");
  const text = await metrics.text();
  const count = (labels: Record<string, string>) => sampleValue(text, "learnpath_http_request_duration_seconds_count", labels);
  expect(count({ method: "GET", route: "page", status: "200" })).toBeGreaterThanOrEqual(1);
  expect(count({ method: "GET", route: "/topics", status: "200" })).toBeGreaterThanOrEqual(1);
  expect(count({ method: "GET", route: "/courses/:id", status: "401" })).toBeGreaterThanOrEqual(1);
  // The raw path never becomes a label value (sample values may contain any digits).
  expect(text).not.toMatch(/\{[^}]*999999[^}]*\}/);
  expect(sampleValue(text, "learnpath_generation_courses", { status: "done" })).toBeGreaterThan(0);
  expect(sampleValue(text, "learnpath_db_pool_connections")).toBeGreaterThanOrEqual(1);
});
