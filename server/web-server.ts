import { createServer, type RequestListener, type Server } from "node:http";
import { guardSlowClients, type SlowClientSettings } from "./slow-clients";

/*
 * The web server's HTTP listener with its connection limits (docs/security.md, "Slow clients"):
 * server/index.ts serves the app with it, from the environment's settings, and the tests build the
 * very same server around the API to reach it through real sockets (tests/harness/web-server.ts).
 */

export type WebServerSettings = SlowClientSettings;

/** How often Node looks for requests past their header or request timeout: at most a second late, sooner for short timeouts. */
const checkingInterval = (settings: WebServerSettings) => Math.max(50, Math.min(1000, Math.floor(settings.headersTimeoutMs / 5)));

export function createWebServer(listener: RequestListener, settings: WebServerSettings): Server {
  const server = createServer(
    // Node counts both from a request's first byte, never across a keep-alive connection's idle time.
    { headersTimeout: settings.headersTimeoutMs, requestTimeout: settings.requestTimeoutMs, connectionsCheckingInterval: checkingInterval(settings) },
    listener,
  );
  // An idle keep-alive connection is kept 65 s, not Node's 5 s: a client or proxy that reuses its
  // connection just as the server closes it gets a reset, and a POST is not retried. 65 s outlasts
  // the usual proxy idle timeouts (nginx's upstream keepalive and AWS's load balancers, 60 s), so
  // the client side closes first; the Keep-Alive header tells clients so.
  server.keepAliveTimeout = 65_000;
  guardSlowClients(server, settings);
  return server;
}
