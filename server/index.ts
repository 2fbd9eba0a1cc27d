/*
 * The web server, one and the same in every mode: `npm run dev` (Next.js in development mode,
 * under tsx), `npm start`, the Docker image, the e2e suite, the benchmarks and the self-hosting
 * smoke (all four: dist/server.mjs, compiled by `npm run build`). @hono/node-server serves the
 * app of api/app.ts; whatever its declared endpoints do not hold goes to Next.js's request handler.
 *
 *   node dist/server.mjs --port 3000 [--hostname 0.0.0.0] [--dev]
 */
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import next from "next";
import { createApiApp } from "../api/app";
import { getEnvOrExit } from "../lib/platform/env";
import { checkReadiness } from "../lib/platform/health/readiness";
import { CLIENT_ADDRESS_HEADER } from "../lib/platform/http/client-address";
import { logConnectionErrors } from "../lib/platform/log/database-errors";
import { logger } from "../lib/platform/log/logger";
import { REQUEST_KIND_HEADER, requestKind } from "../lib/platform/navigation/unknown-path";
import { badRequestLine } from "./bad-request";
import { withCompression } from "./compressed-pages";
import { precompressedAsset } from "./precompressed-static";
import { createWebServer } from "./web-server";

const { values } = parseArgs({
  options: { port: { type: "string", default: process.env.PORT ?? "3000" }, hostname: { type: "string", default: process.env.HOSTNAME }, dev: { type: "boolean", default: false } },
});
const port = Number(values.port);

const env = getEnvOrExit();
logConnectionErrors();

const nextApp = next({ dev: values.dev, port, hostname: values.hostname });
const handleWithNext = nextApp.getRequestHandler();
await nextApp.prepare();

const app = createApiApp({
  trust: { trustProxy: env.TRUST_PROXY, hops: env.TRUST_PROXY_HOPS },
  appUrl: env.APP_URL,
  metricsToken: env.METRICS_TOKEN,
  ready: () => checkReadiness(),
  fallback: async (c) => {
    // Scripts and styles as their Brotli copies, when built and accepted; else Next.js, compressed.
    const asset = values.dev ? null : await precompressedAsset(c.req.raw);
    if (asset) return asset;
    const { incoming, outgoing } = c.env;
    if (!incoming || !outgoing) return c.json({ detail: "Not Found" }, 404);
    // Pages get the client address this server decided, never one a client sent.
    incoming.headers[CLIENT_ADDRESS_HEADER] = c.get("clientAddress");
    // Page or API call: decides what an unknown path answers (lib/platform/navigation/unknown-path.ts).
    incoming.headers[REQUEST_KIND_HEADER] = requestKind(c.req.method, c.req.header("accept") ?? null);
    await withCompression(incoming, outgoing, () => handleWithNext(incoming, outgoing));
    return RESPONSE_ALREADY_SENT;
  },
});

// @hono/node-server installs its lighter Request/Response as the globals (subclasses in all but
// name, so Next.js, which shares the process, keeps working): the API's JSON answers are then
// written to the socket in one piece (lib/platform/http/json-response.ts).
const listener = getRequestListener(app.fetch, { errorHandler: badRequestLine(env.APP_URL) });
const server = createWebServer(listener, {
  headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
  bodyMinBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
  bodyRateWindowMs: env.HTTP_BODY_RATE_WINDOW_MS,
  appUrl: env.APP_URL,
});
if (values.dev) server.on("upgrade", nextApp.getUpgradeHandler());
server.listen(port, values.hostname, () => logger().info({ port }, `ready on port ${port}`));

const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
