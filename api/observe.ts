import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { logger } from "@/lib/platform/log/logger";
import { runWithRequest } from "@/lib/platform/log/request-context";
import { processMetrics } from "@/lib/platform/metrics/registry";
import type { ApiEnv } from "./env";

/*
 * Every request, API or page: a request id (the X-Request-Id a trusted proxy sent, else a new
 * one) in the X-Request-Id header of the answer and in every log line written while serving it;
 * one JSON log line when it is answered; and its duration in the route's histogram. Routes are
 * the table's patterns (/courses/:id), never the raw path; what Next.js serves is grouped as
 * "page", "/_next/*" (assets) or "/api/auth/*", so the number of series stays bounded.
 */

/** What @hono/node-server's RESPONSE_ALREADY_SENT carries: Next.js wrote that answer itself. */
export const ALREADY_SENT = "x-hono-already-sent";
const REQUEST_ID = "x-request-id";
/** What an incoming id may look like: a UUID, or a proxy's token (nginx's $request_id is 32 hex digits). */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Health checks and scrapes come every few seconds: their lines are debug, not info. */
const ROUTINE_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);
/** Hono's pattern for a middleware: the request reached no route of its own (the fallback answered). */
const NO_ROUTE = new Set(["", "*", "/*"]);

function routeOf(c: Context<ApiEnv>): string {
  const path = routePath(c);
  if (!NO_ROUTE.has(path)) return path;
  if (c.req.path.startsWith("/_next/")) return "/_next/*";
  if (c.req.path.startsWith("/api/auth/")) return "/api/auth/*";
  return "page";
}

export function observeRequests(trustProxy: boolean) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = trustProxy ? c.req.header(REQUEST_ID) : undefined;
    const requestId = incoming && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
    // Next.js writes its answers itself: the header goes on the response object beforehand.
    const outgoing = c.env?.outgoing;
    outgoing?.setHeader(REQUEST_ID, requestId);

    await runWithRequest({ requestId }, next);

    const done = (status: number) => {
      const route = routeOf(c);
      const method = METHODS.has(c.req.method) ? c.req.method : "other";
      const seconds = (performance.now() - started) / 1000;
      processMetrics().httpRequestDuration.observe({ method, route, status: String(status) }, seconds);
      logger()[ROUTINE_ROUTES.has(route) && status < 400 ? "debug" : "info"](
        { request_id: requestId, method: c.req.method, route, path: c.req.path, status, duration_ms: Math.round(seconds * 10_000) / 10, client_address: c.get("clientAddress") },
        "request",
      );
    };
    if (c.res.headers.has(ALREADY_SENT) && outgoing) {
      // Next.js may still be streaming the page: it is answered when the response closes.
      if (outgoing.writableFinished || outgoing.closed) done(outgoing.statusCode);
      else outgoing.once("close", () => done(outgoing.statusCode));
      return;
    }
    c.res.headers.set(REQUEST_ID, requestId);
    done(c.res.status);
  });
}
