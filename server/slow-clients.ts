import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { RequestCutError } from "../lib/platform/http/request-cut";
import { answerHeaders } from "./bad-request";

/*
 * What the web server does about clients too slow or too broken to reach the app (docs/security.md,
 * "Slow clients"): Node's header and request timeouts, a body that arrives slower than the minimum
 * rate, a request Node cannot parse. Each gets a JSON `{detail}` answer with the security headers,
 * written straight to the socket (the app has not answered), and the connection is closed. A cut
 * request's body ends with a RequestCutError, which the app's body readers log as the same 408.
 */

export type SlowClientSettings = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** 0: no minimum. */
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
  appUrl?: string;
};

type Exchange = { incoming: IncomingMessage; outgoing: ServerResponse };

const duration = (ms: number) => {
  const seconds = ms / 1000;
  if (seconds >= 120 && seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
};

const amount = (bytes: number) => {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} kB`;
  return `${bytes} bytes`;
};

export const slowBodyMessage = (minBytesPerSecond: number) =>
  `The request body arrived too slowly (less than ${amount(minBytesPerSecond)} a second), so the server stopped reading it. Check your connection and try again.`;
export const headersTimeoutMessage = (ms: number) => `The request's headers did not arrive within ${duration(ms)}, so the server stopped waiting for them.`;
export const requestTimeoutMessage = (ms: number) => `The request did not arrive whole within ${duration(ms)}, so the server stopped waiting for it. On a slow connection, send a smaller file.`;

/** What Node's parser could not read, as Node itself answers it (its default handler's statuses). */
function parseFailure(code: string | undefined): [number, string] {
  if (code === "HPE_HEADER_OVERFLOW") return [431, "The request's headers are too large."];
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return [413, "The request's chunk extensions are too large."];
  return [400, "Bad request: this is not an HTTP request the server can read."];
}

function rawAnswer(status: number, detail: string, headers: Record<string, string>): string {
  const body = JSON.stringify({ detail });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    ...Object.entries(headers).map(([key, value]) => `${key}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** A body is on its way: announced by a length or sent in chunks. */
function expectsBody(incoming: IncomingMessage): boolean {
  return incoming.headers["transfer-encoding"] !== undefined || Number(incoming.headers["content-length"] ?? 0) > 0;
}

/**
 * Calls `onSlow` the first time a window of `bodyRateWindowMs` passes with less of the body arriving
 * than the minimum rate asks, while the app is waiting for it. Bytes sitting unread in the request
 * mean the app is the slow one (it has not read yet), not the client: such a window does not count.
 * Ends when the body is whole or the app has begun its answer.
 */
function watchBodyRate({ incoming, outgoing }: Exchange, settings: SlowClientSettings, onSlow: () => void): void {
  const socket = incoming.socket;
  const needed = Math.max(1, Math.floor((settings.bodyMinBytesPerSecond * settings.bodyRateWindowMs) / 1000));
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (incoming.complete || incoming.destroyed || outgoing.headersSent) return clearInterval(timer);
    const arrived = socket.bytesRead - seen;
    seen = socket.bytesRead;
    if (arrived >= needed || incoming.readableLength > 0) return;
    clearInterval(timer);
    onSlow();
  }, settings.bodyRateWindowMs);
  timer.unref();
  incoming.once("end", () => clearInterval(timer));
  outgoing.once("close", () => clearInterval(timer));
}

export function guardSlowClients(server: Server, settings: SlowClientSettings): void {
  const headers = answerHeaders(settings.appUrl);
  const inFlight = new WeakMap<Duplex, Exchange>();
  const answer = (socket: Duplex, status: number, detail: string) => {
    if (socket.writable) socket.write(rawAnswer(status, detail, headers));
  };
  // Answered on the socket, then the request destroyed: the app's read of the body fails with the
  // cut's reason, and the connection closes (as Node closes it after its own 408).
  const cut = ({ incoming }: Exchange, message: string) => {
    const socket = incoming.socket;
    answer(socket, 408, message);
    incoming.destroy(new RequestCutError(message));
    socket.destroy();
  };

  server.on("request", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const exchange = { incoming, outgoing };
    inFlight.set(incoming.socket, exchange);
    outgoing.once("finish", () => {
      if (inFlight.get(incoming.socket) === exchange) inFlight.delete(incoming.socket);
    });
    if (settings.bodyMinBytesPerSecond > 0 && expectsBody(incoming)) watchBodyRate(exchange, settings, () => cut(exchange, slowBodyMessage(settings.bodyMinBytesPerSecond)));
  });

  // With this listener Node writes nothing itself: every client error is answered (or not) here.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const exchange = inFlight.get(socket);
    if (exchange?.outgoing.headersSent || error instanceof RequestCutError || error.code === "ECONNRESET") return void socket.destroy();
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      // Node's timer for both: the headers still incomplete (no request yet), or the whole request.
      if (exchange) return cut(exchange, requestTimeoutMessage(settings.requestTimeoutMs));
      answer(socket, 408, headersTimeoutMessage(settings.headersTimeoutMs));
      return void socket.destroy();
    }
    const [status, detail] = parseFailure(error.code);
    answer(socket, status, detail);
    socket.destroy();
  });
}
