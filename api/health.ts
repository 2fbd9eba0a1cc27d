import { Hono } from "hono";
import type { Readiness } from "@/lib/platform/health/readiness";

/*
 * GET /healthz: the process is up and serving (liveness; never touches the database).
 * GET /readyz: it can do its work: database reachable, migrations applied (503 otherwise).
 * Load balancers and container health checks use these; they carry no secrets.
 */
export function healthRoutes(ready?: () => Promise<Readiness>) {
  const health = new Hono({ strict: false });
  health.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
  health.get("/readyz", async (c) => {
    const state = ready ? await ready() : { ok: true, detail: "ready" };
    return c.json({ status: state.ok ? "ready" : "not ready", detail: state.detail }, state.ok ? 200 : 503, { "cache-control": "no-store" });
  });
  return health;
}
