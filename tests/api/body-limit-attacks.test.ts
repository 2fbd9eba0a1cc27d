import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../harness/http";

/*
 * An anonymous client announcing a huge body must not make the server read it: every path, Better
 * Auth's included, answers 413 at once and the process's memory stays where it was. The attacker
 * talks to a real socket server (the listener server/index.ts runs) from its own loopback address
 * and keeps sending until it gets an answer, as a hostile client would.
 */

const MB = 1024 * 1024;
const ANNOUNCED = 200 * MB;

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(getRequestListener(testApp().fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Outcome = { status: number; detail: unknown; sentBytes: number };

/** Sends up to 200 MB (announced in Content-Length, or chunked without one) until the server answers. */
function flood(path: string, contentType: string, { announce }: { announce: boolean }): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const headers: Record<string, string> = { "content-type": contentType, ...(announce ? { "content-length": String(ANNOUNCED) } : {}) };
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers, localAddress: "127.0.0.2" }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        req.destroy();
        let detail: unknown;
        try {
          detail = (JSON.parse(text) as { detail?: unknown }).detail;
        } catch {
          detail = text;
        }
        resolve({ status: res.statusCode ?? 0, detail, sentBytes });
      });
    });
    // After the answer the server may close the connection under the writes: that is the point.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(MB, announce ? 0x61 : 0x7b);
    const pump = () => {
      while (!answered && sentBytes < ANNOUNCED) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const CASES = [
  ["/api/auth/sign-in/password", "application/json"],
  ["/log_in", "application/x-www-form-urlencoded"],
  ["/topics", "application/json"],
] as const;

describe("a 200 MB body", () => {
  it.each(CASES)("announced to %s is refused with 413 before it is read", async (path, contentType) => {
    const outcome = await flood(path, contentType, { announce: true });
    expect(outcome.status).toBe(413);
    expect(outcome.detail).toBe("Request body is too large.");
    // What the socket buffers took before the answer came, not the 200 MB.
    expect(outcome.sentBytes).toBeLessThan(32 * MB);
  });

  it.each(CASES)("streamed to %s without a length is cut off at the limit", async (path, contentType) => {
    const outcome = await flood(path, contentType, { announce: false });
    expect(outcome.status).toBe(413);
    expect(outcome.sentBytes).toBeLessThan(32 * MB);
  });

  it("three at once leave the process's memory where it was (within 50 MB)", async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const outcomes = await Promise.all([0, 1, 2].map(() => flood("/api/auth/sign-in/password", "application/json", { announce: true })));
    expect(outcomes.map((o) => o.status)).toEqual([413, 413, 413]);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });
});
