import { Hono, type Context } from "hono";
import { getDb } from "@/db/client";
import { handleAuthRequest } from "@/lib/accounts/auth/handler";
import { decideClientAddress, type ProxyTrust } from "@/lib/platform/http/client-address";
import { jsonResponse } from "@/lib/platform/http/json-response";
import { isHttpsUrl, securityHeaders, STRICT_TRANSPORT_SECURITY } from "@/lib/platform/http/security-headers";
import { metricsResponse } from "@/lib/platform/metrics/endpoint";
import type { ApiEnv } from "./env";
import { healthRoutes } from "./health";
import { DEFAULT_BODY_BYTES, limitBody, withBodyRead } from "./http/body";
import { errorResponse } from "./http/errors";
import { ALREADY_SENT, observeRequests } from "./observe";
import { openApiRoutes } from "./openapi/serve";
import { apiNamespaces, isUnderNamespace } from "./namespaces";
import { registerEndpoints } from "./register";
import { ENDPOINTS } from "./routes";

/*
 * The HTTP front of the app, the same in `npm run dev`, `npm start`, the Docker image and the
 * tests: the JSON API from its declared endpoints (api/routes/), health checks, the client's
 * address, the security headers on every answer, one body limit for every path, and a fallback
 * (Next.js in the servers, a JSON 404 in tests) for every path the API does not hold.
 */

export type { ApiEnv, Bindings, Variables } from "./env";

export type Fallback = (c: Context<ApiEnv>) => Response | Promise<Response>;

/** Pages and their forms (Next.js's server actions take up to 1 MB), beyond the API's own paths. */
const PAGE_BODY_BYTES = 1024 * 1024;

export type ApiAppOptions = {
  trust: ProxyTrust;
  /** Paths no API route holds: Next.js's pages, assets and auth in the servers. */
  fallback: Fallback;
  /** The web process's readiness (database and migrations); absent in tests that do not need it. */
  ready?: () => Promise<{ ok: boolean; detail: string }>;
  appUrl?: string;
  /** The bearer token GET /metrics requires (METRICS_TOKEN); unset: no /metrics. */
  metricsToken?: string;
};

export function createApiApp({ trust, fallback, ready, appUrl, metricsToken }: ApiAppOptions): Hono<ApiEnv> {
  // Next.js answers /users and /users/ alike (skipTrailingSlashRedirect): so does the API.
  const app = new Hono<ApiEnv>({ strict: false });
  const plainHeaders = securityHeaders({ development: false, https: isHttpsUrl(appUrl) });
  const httpsHeaders = plainHeaders.includes(STRICT_TRANSPORT_SECURITY) ? plainHeaders : [...plainHeaders, STRICT_TRANSPORT_SECURITY];

  app.use(async (c, next) => {
    c.set("clientAddress", decideClientAddress(c.env?.incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trust));
    await next();
  });
  app.use(observeRequests(trust.trustProxy));

  // Headers on everything this app answers itself; Next.js adds the same ones to the answers it writes.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.has(ALREADY_SENT)) return;
    // Behind a TLS proxy (X-Forwarded-Proto: https) HSTS goes out too, as next.config.ts does for pages.
    const headers = c.req.header("x-forwarded-proto") === "https" ? httpsHeaders : plainHeaders;
    for (const { key, value } of headers) c.res.headers.set(key, value);
  });
  app.route("/", healthRoutes(ready));
  app.get("/metrics", (c) => metricsResponse(getDb(), c.req.raw, metricsToken));
  // GET /openapi.json and the API reference at /docs/api.
  app.route("/", openApiRoutes());
  // Better Auth's own endpoints (browser sign-in and sign-out, OpenID Connect): lib/accounts/auth/handler.ts.
  app.on(["GET", "POST"], "/api/auth/*", limitBody(DEFAULT_BODY_BYTES), async (c) => handleAuthRequest(await withBodyRead(c.req.raw), c.get("clientAddress")));

  registerEndpoints(app, ENDPOINTS);
  app.onError((error) => errorResponse(error));
  // Everything else (Next.js's pages and their forms in the servers), but for a path under the
  // API's namespaces that no endpoint answers: that is a JSON 404 whoever asks (api/namespaces.ts).
  app.use("*", limitBody(PAGE_BODY_BYTES));
  const namespaces = apiNamespaces(ENDPOINTS);
  app.notFound((c) => (isUnderNamespace(c.req.path, namespaces) ? jsonResponse({ detail: "Not Found" }, { status: 404, headers: { "cache-control": "no-store" } }) : fallback(c)));
  return app;
}
