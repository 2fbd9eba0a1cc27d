import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolStatistics } from "../../../db/client";

/*
 * The metrics of this process (web server or worker), in Prometheus's format, all prefixed
 * `learnpath_`. Labels take values from small fixed sets only (route patterns, status codes, limit
 * names, task names), never from raw URLs or user input, so the number of series stays bounded.
 *
 * Kept on globalThis: Next.js's server bundle and dist/server.mjs each load their own copy of this
 * module in one process (code run while rendering a page counts in the former), and both
 * must count into the same metrics.
 */

export const PREFIX = "learnpath_";

function createProcessMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Time from a request's arrival to its answer, by method, route pattern (or page group) and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: `${PREFIX}rate_limit_refusals_total`,
      help: "Requests refused with 429 by a rate limit, by limit name (lib/platform/rate-limit.ts).",
      labelNames: ["limit"] as const,
      registers,
    }),
    modelTokens: new Counter({
      name: `${PREFIX}model_tokens_total`,
      help: "Tokens the model server reported, by task and type (prompt or completion), failed calls included.",
      labelNames: ["task", "type"] as const,
      registers,
    }),
    modelCallDuration: new Histogram({
      name: `${PREFIX}model_call_duration_seconds`,
      help: "Duration of one model call (retries inside the SDK included, the wait for a call slot not), by task and outcome (ok, invalid_output, call_failed, timeout).",
      labelNames: ["task", "outcome"] as const,
      buckets: [0.5, 1, 2.5, 5, 10, 20, 40, 60, 120, 300, 600],
      registers,
    }),
    // The app's connection pool (db/client.ts), read at scrape time.
    dbPoolTotal: new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "Connections the app's database pool holds (busy and idle).",
      registers,
      collect() {
        this.set(poolStatistics().total);
      },
    }),
    dbPoolMax: new Gauge({
      name: `${PREFIX}db_pool_max_connections`,
      help: "Connections the app's database pool may open (DATABASE_POOL_MAX).",
      registers,
      collect() {
        this.set(poolStatistics().max);
      },
    }),
    dbPoolIdle: new Gauge({
      name: `${PREFIX}db_pool_idle_connections`,
      help: "Connections of the app's database pool that are idle.",
      registers,
      collect() {
        this.set(poolStatistics().idle);
      },
    }),
    dbPoolWaiting: new Gauge({
      name: `${PREFIX}db_pool_waiting_requests`,
      help: "Queries waiting for a connection of the app's database pool (above 0: the pool is too small or queries too slow).",
      registers,
      collect() {
        this.set(poolStatistics().waiting);
      },
    }),
  };
}

export type ProcessMetrics = ReturnType<typeof createProcessMetrics>;

const globalForMetrics = globalThis as unknown as { __learnpathMetrics?: ProcessMetrics };

/** This process's metrics, created on first use. */
export function processMetrics(): ProcessMetrics {
  globalForMetrics.__learnpathMetrics ??= createProcessMetrics();
  return globalForMetrics.__learnpathMetrics;
}

/** Counts one refusal by a rate limit (lib/platform/rate-limit.ts). */
export function countRateLimitRefusal(limitName: string): void {
  processMetrics().rateLimitRefusals.inc({ limit: limitName });
}
