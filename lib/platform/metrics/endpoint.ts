import { createHash, timingSafeEqual } from "node:crypto";
import { Registry } from "prom-client";
import type { DatabaseOrTransaction } from "../../../db/client";
import { databaseMetrics } from "./database";
import { processMetrics } from "./registry";

/*
 * GET /metrics on the web server and on the worker's health port: Prometheus's text format, for
 * a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the endpoint
 * does not exist (404); a missing or wrong token gets 401. The token is compared in constant time
 * (digests of equal length), so the answer's timing tells nothing about how much of it matched.
 */

const digest = (value: string) => createHash("sha256").update(value).digest();

function bearerMatches(header: string | null, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header?.trim() ?? "")?.[1]?.trim() ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

const noStore = { "cache-control": "no-store" };

/**
 * The web server serves its own metrics and the installation's, read on `installation`
 * (lib/platform/metrics/database.ts); a worker passes null and serves only its own, so several
 * workers do not report the installation's figures twice.
 */
export async function metricsResponse(installation: DatabaseOrTransaction | null, request: Request, token: string | undefined): Promise<Response> {
  if (!token) return Response.json({ detail: "Not Found" }, { status: 404, headers: noStore });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return Response.json({ detail: "Not authenticated." }, { status: 401, headers: { ...noStore, "www-authenticate": "Bearer" } });
  }
  const registry = installation ? Registry.merge([processMetrics().registry, databaseMetrics(installation)]) : processMetrics().registry;
  return new Response(await registry.metrics(), { status: 200, headers: { ...noStore, "content-type": registry.contentType } });
}
