import { request, type IncomingMessage, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { getEnv } from "../../lib/platform/env";
import { badRequestLine } from "../../server/bad-request";
import { createWebServer, type WebServerSettings } from "../../server/web-server";
import { testApp } from "./http";

/*
 * The web server as server/index.ts builds it (server/web-server.ts: its timeouts and its cut of
 * slow bodies), around the API of the tests (./http.ts), on a real socket: what an attacker's
 * connection meets. Each request is watched from the server's side too: how many bytes the
 * server had taken from its socket when it answered, the measure of "read before the answer".
 */

export type Served = { status: number; bytesReadBeforeAnswer: number };

export type TestWebServer = {
  port: number;
  /** What the server has taken from the socket of the request to `path` so far (headers included). */
  bytesRead(path: string): number;
  /** The answer to the request to `path`, once it was written. */
  served(path: string): Served | undefined;
  close(): Promise<void>;
};

/** The server as the environment configures it (the defaults, unless a test file sets its own), with `settings` over it. */
export async function startWebServer(settings: Partial<WebServerSettings> = {}): Promise<TestWebServer> {
  const env = getEnv();
  const configured: WebServerSettings = {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    bodyMinBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
    bodyRateWindowMs: env.HTTP_BODY_RATE_WINDOW_MS,
  };
  const listener = getRequestListener(testApp().fetch, { errorHandler: badRequestLine(undefined) });
  const sockets = new Map<string, Socket>();
  const served = new Map<string, Served>();
  const server: Server = createWebServer((incoming: IncomingMessage, outgoing) => {
    const path = incoming.url ?? "";
    sockets.set(path, incoming.socket);
    // 'finish' comes as the answer is handed to the socket, before anything drains the rest of the body.
    outgoing.once("finish", () => served.set(path, { status: outgoing.statusCode, bytesReadBeforeAnswer: incoming.socket.bytesRead }));
    return listener(incoming, outgoing);
  }, { ...configured, ...settings });
  const open = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    bytesRead: (path) => sockets.get(path)?.bytesRead ?? 0,
    served: (path) => served.get(path),
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type Answer = { status: number; detail: unknown; headers: IncomingMessage["headers"] };

export type OpenRequest = {
  path: string;
  /** Whether the server has answered (the answer may have come before the body was sent). */
  readonly answered: boolean;
  readonly sentBytes: number;
  /** Sends `bytes` more of the body, as fast as the socket takes them; stops early once answered. */
  send(bytes: number): Promise<void>;
  end(): void;
  /** The client goes away mid-request. */
  abort(): void;
  answer: Promise<Answer>;
};

/**
 * A request from the client's own loopback address (`from`), on a connection of its own, whose
 * body the test sends piece by piece: the body starts with `prefix` (so two uploads are never the
 * same bytes) and goes on with `filler`. `length` is announced in Content-Length; without it the
 * body is chunked.
 */
export function openRequest(options: {
  port: number;
  from: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  length?: number;
  prefix?: string | Buffer;
  filler?: number;
}): OpenRequest {
  let answered = false;
  let sentBytes = 0;
  let prefix: Buffer = Buffer.isBuffer(options.prefix) ? options.prefix : Buffer.from(options.prefix ?? "");
  const headers = { ...options.headers, ...(options.length !== undefined ? { "content-length": String(options.length) } : {}) };
  const req = request({ host: "127.0.0.1", port: options.port, localAddress: options.from, method: options.method ?? "POST", path: options.path, headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        let detail: unknown = text;
        try {
          detail = (JSON.parse(text) as { detail?: unknown }).detail;
        } catch {
          // Not JSON: the text itself.
        }
        resolve({ status: res.statusCode ?? 0, detail, headers: res.headers });
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0, detail: text, headers: res.headers }));
    });
    // After the answer the server may close the connection under the writes: that is expected.
    req.on("error", (error) => (answered ? undefined : reject(error)));
  });
  answer.catch(() => undefined);
  const filler = Buffer.alloc(64 * 1024, options.filler ?? 0x61);
  const writeSome = (bytes: number) => {
    const head = prefix.subarray(0, bytes);
    prefix = prefix.subarray(head.length);
    const chunk = head.length ? head : filler.subarray(0, bytes);
    sentBytes += chunk.length;
    return req.write(chunk);
  };
  return {
    path: options.path,
    get answered() {
      return answered;
    },
    get sentBytes() {
      return sentBytes;
    },
    send: (bytes) =>
      new Promise<void>((resolve) => {
        let left = bytes;
        const pump = () => {
          while (left > 0 && !answered && !req.destroyed) {
            const before = sentBytes;
            const flowing = writeSome(Math.min(left, filler.length));
            left -= sentBytes - before;
            if (!flowing) return void req.once("drain", pump);
          }
          resolve();
        };
        req.once("close", resolve);
        pump();
      }),
    end: () => void (req.destroyed ? undefined : req.end()),
    abort: () => req.destroy(),
    answer,
  };
}

/** Sends one byte every `everyMs` until the server answers or closes (a trickle). */
export function trickle(open: OpenRequest, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (open.answered) return clearInterval(timer);
    void open.send(1);
  }, everyMs);
  return () => clearInterval(timer);
}

export type RawSocket = { write(text: string): void; readonly received: string; readonly closed: boolean; destroy(): void };

/** A bare TCP connection from `from`: what a client writes byte by byte, and everything the server sent back. */
export function openSocket(port: number, from: string): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    let received = "";
    let closed = false;
    const socket = connect({ host: "127.0.0.1", port, localAddress: from }, () =>
      resolve({
        write: (text) => void (socket.destroyed ? undefined : socket.write(text)),
        get received() {
          return received;
        },
        get closed() {
          return closed;
        },
        destroy: () => socket.destroy(),
      }),
    );
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => (closed = true));
    socket.on("error", (error) => (closed ? undefined : reject(error)));
  });
}

/** The status and `{detail}` of a raw HTTP answer. */
export function parseRawAnswer(text: string): { status: number; detail: unknown; headers: string } {
  const [head = "", body = ""] = text.split("\r\n\r\n", 2);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  let detail: unknown = body;
  try {
    detail = (JSON.parse(body) as { detail?: unknown }).detail;
  } catch {
    // Not JSON: the text itself.
  }
  return { status, detail, headers: head.toLowerCase() };
}
