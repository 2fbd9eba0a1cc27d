import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollUntil } from "../harness/poll";
import { openRequest, openSocket, parseRawAnswer, startWebServer, trickle, type TestWebServer } from "../harness/web-server";
import { quickAccount } from "./world";

/*
 * Slow clients against the web server's timeouts (server/web-server.ts, docs/security.md, "API
 * hygiene"), through real sockets from the attacker's own loopback address: headers sent a line
 * at a time, a whole request dragged out past its time limit, JSON and sign-in bodies trickled in,
 * each cut with a 408 `{detail}` and its connection closed; a keep-alive connection left idle for
 * longer than the header timeout still serves its next request; a malformed request is a 400
 * `{detail}`. The timeouts are set short here, as an operator may set them, so the stories run in
 * seconds.
 */

// A window of a second: long enough that a pause of this (shared) process never reads as a slow client.
const SETTINGS = { headersTimeoutMs: 500, requestTimeoutMs: 2_500, bodyMinBytesPerSecond: 1024, bodyRateWindowMs: 1_000 };
const SLOW_BODY = "The request body arrived too slowly (less than 1 kB a second), so the server stopped reading it. Check your connection and try again.";

let server: TestWebServer;

beforeAll(async () => {
  server = await startWebServer(SETTINGS);
});

afterAll(async () => {
  await server.close();
});

describe("the header timeout", () => {
  it("headers sent one line every 100 ms are cut with 408 once the header timeout passes, the connection closed", async () => {
    const socket = await openSocket(server.port, "127.0.0.3");
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    const lines = setInterval(() => socket.write("X-Slow: a\r\n"), 100);
    try {
      await pollUntil("the connection closed", () => socket.closed, Boolean, 3_000);
    } finally {
      clearInterval(lines);
    }
    const answer = parseRawAnswer(socket.received);
    expect([answer.status, answer.detail]).toEqual([408, "The request's headers did not arrive within 0.5 seconds, so the server stopped waiting for them."]);
    expect(answer.headers).toContain("content-type: application/json");
    expect(answer.headers).toContain("x-content-type-options: nosniff");
  });

  it("a keep-alive connection left idle for longer than the header timeout still serves its next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: "127.0.0.3" });
    const get = () =>
      new Promise<{ status: number; port: number }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: server.port, path: "/healthz", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, port: req.socket!.localPort! }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const first = await get();
      // The idle time is what this story is about: twice the header timeout, well within keep-alive.
      await new Promise((resolve) => setTimeout(resolve, 2 * SETTINGS.headersTimeoutMs));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  });
});

describe("the request timeout", () => {
  it("an upload arriving faster than the minimum rate but not whole within the request timeout is cut with 408", async () => {
    const learner = await quickAccount();
    const upload = openRequest({
      port: server.port,
      from: "127.0.0.3",
      path: "/users/me/sources?file_name=dragged.txt",
      headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/octet-stream" },
      length: 1024 * 1024,
    });
    // 2 kB every 100 ms: above the minimum rate, 50 s for the whole megabyte.
    const steady = setInterval(() => void upload.send(2048), 100);
    try {
      await pollUntil("the upload answered", () => upload.answered, Boolean, 8_000);
    } finally {
      clearInterval(steady);
    }
    expect(await upload.answer).toMatchObject({ status: 408, detail: "The request did not arrive whole within 2.5 seconds, so the server stopped waiting for it. On a slow connection, send a smaller file." });
  });
});

describe("bodies that trickle in", () => {
  it.each([
    ["a profile change", "PUT", "/users/me", true, 2000],
    ["a browser sign-in", "POST", "/api/auth/sign-in/password", false, 2000],
    ["a browser sign-in sent in chunks", "POST", "/api/auth/sign-in/password", false, undefined],
  ])("%s whose JSON body trickles in a byte every 50 ms is cut with 408", async (_story, method, path, signedIn, length) => {
    const learner = await quickAccount();
    const slow = openRequest({
      port: server.port,
      from: "127.0.0.3",
      method,
      path,
      headers: { "content-type": "application/json", ...(signedIn ? { authorization: `Bearer ${learner.token}` } : { origin: "http://localhost:3000" }) },
      length,
      prefix: '{"first_name": "',
    });
    const stop = trickle(slow, 50);
    try {
      await pollUntil("the request answered", () => slow.answered, Boolean, 5_000);
    } finally {
      stop();
    }
    expect(await slow.answer).toMatchObject({ status: 408, detail: SLOW_BODY });
  });
});

describe("malformed requests", () => {
  it("a request line that is not HTTP is answered 400 {detail} and the connection closed", async () => {
    const socket = await openSocket(server.port, "127.0.0.3");
    socket.write("HELLO THERE\r\n\r\n");
    await pollUntil("the connection closed", () => socket.closed, Boolean, 3_000);
    const answer = parseRawAnswer(socket.received);
    expect([answer.status, answer.detail]).toEqual([400, "Bad request: this is not an HTTP request the server can read."]);
    expect(answer.headers).toContain("x-frame-options: deny");
  });

  it("headers over Node's 16 kB are answered 431 {detail}", async () => {
    const socket = await openSocket(server.port, "127.0.0.3");
    socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    await pollUntil("the connection closed", () => socket.closed, Boolean, 3_000);
    const answer = parseRawAnswer(socket.received);
    expect([answer.status, answer.detail]).toEqual([431, "The request's headers are too large."]);
  });
});
