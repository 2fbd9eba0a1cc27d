import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { handleAuthRequest } from "@/lib/auth/handler";
import { decideClientAddress, type ProxyTrust } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/route";
import { isHttpsUrl, securityHeaders, STRICT_TRANSPORT_SECURITY } from "@/lib/http/security-headers";
import { metricsResponse } from "@/lib/metrics/endpoint";
import { healthRoutes } from "./health";
import { ALREADY_SENT, observeRequests } from "./observe";
import { openApiRoutes } from "./openapi/serve";
import { byPrecedence } from "./precedence";
import { API_METHODS, API_ROUTES, type ApiHandler, type ApiMethod, type ApiRoute } from "./route-table";

/*
 * The HTTP front of the app, the same in `npm run dev`, `npm start`, the Docker image and the
 * tests: the JSON API from the route table, health checks, the client's address, the security
 * headers on every answer, and a fallback (Next.js in the servers, a JSON 404 in tests) for
 * every path the table does not hold.
 */

export type Bindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };
export type Variables = { clientAddress: string };
export type ApiEnv = { Bindings: Bindings; Variables: Variables };

export type Fallback = (c: Context<ApiEnv>) => Response | Promise<Response>;

// Bodies announced beyond this are refused unread; the handlers read at most 64 kB of any body
// (lib/http/request.ts), with or without a Content-Length.
const MAX_BODY_BYTES = 1024 * 1024;

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

function methodsOf(route: ApiRoute): [ApiMethod, ApiHandler][] {
  return API_METHODS.flatMap((method) => (route.module[method] ? [[method, route.module[method]] as [ApiMethod, ApiHandler]] : []));
}

export function createApiApp({ trust, fallback, ready, appUrl, metricsToken }: ApiAppOptions): Hono<ApiEnv> {
  // Next.js answers /users and /users/ alike (skipTrailingSlashRedirect): so does the table.
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
  app.get("/metrics", (c) => metricsResponse(c.req.raw, metricsToken, "web"));
  // GET /openapi.json and the API reference at /docs/api.
  app.route("/", openApiRoutes());
  // Better Auth's own endpoints (browser sign-in and sign-out, OpenID Connect): lib/auth/handler.ts.
  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(c.req.raw, c.get("clientAddress")));

  const limitBody = createMiddleware<ApiEnv>(async (c, next) => {
    if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) return c.json({ detail: "Request body is too large." }, 413);
    await next();
  });
  for (const route of byPrecedence(API_ROUTES)) {
    const methods = methodsOf(route);
    const allow = [...methods.map(([method]) => method), ...(route.module.HEAD || !route.module.GET ? [] : ["HEAD"]), "OPTIONS"].join(", ");
    for (const [method, handler] of methods) {
      app.on(method, route.path, limitBody, (c) => handler(c.req.raw, { params: c.req.param(), clientAddress: c.get("clientAddress") }));
    }
    if (!route.module.OPTIONS) app.options(route.path, (c) => c.body(null, 204, { allow }));
    // A path the table holds never falls through to a less specific route: other methods are 405.
    app.all(route.path, (c) => c.json({ detail: "Method Not Allowed" }, 405, { allow }));
  }
  app.onError((error) => errorResponse(error));
  app.notFound(fallback);
  return app;
}
