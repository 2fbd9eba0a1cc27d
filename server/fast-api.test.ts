import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "./api-routes";
import { createFastApi } from "./fast-api";

/* The node:http <-> web Request/Response bridge, with stand-in handlers (no database). */

let server: Server;
let base: string;
const seen: { method: string; url: string; body: string; params: Record<string, string>; contentType: string | null }[] = [];

const routes: ApiRoute[] = [
  {
    pattern: /^\/things\/([^/]+)\/?$/,
    names: ["id"],
    depth: 2,
    dynamic: 1,
    methods: {
      async GET(request, { params }) {
        seen.push({ method: "GET", url: request.url, body: "", params: await params, contentType: null });
        const response = Response.json({ ok: true }, { status: 200 });
        response.headers.append("set-cookie", "a=1; HttpOnly");
        response.headers.append("set-cookie", "b=2; HttpOnly");
        return response;
      },
      async PUT(request, { params }) {
        seen.push({ method: "PUT", url: request.url, body: await request.text(), params: await params, contentType: request.headers.get("content-type") });
        return Response.json({ detail: "Nope." }, { status: 422 });
      },
    },
  },
];

beforeAll(async () => {
  const fastApi = createFastApi(routes);
  server = createServer((req, res) => {
    void fastApi(req, res).then((handled) => {
      if (!handled) res.writeHead(299).end("next");
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("fast API bridge", () => {
  it("calls the handler with the query, params and headers, and writes status, JSON and every cookie back", async () => {
    const response = await fetch(`${base}/things/42?user_id=7`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2; HttpOnly"]);
    expect(seen.at(-1)).toMatchObject({ method: "GET", params: { id: "42" } });
    expect(new URL(seen.at(-1)!.url).searchParams.get("user_id")).toBe("7");
  });

  it("puts the security headers every response carries on API answers too", async () => {
    const response = await fetch(`${base}/things/1`);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("content-security-policy")).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const overHttps = await fetch(`${base}/things/1`, { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("passes the body and its content type through, and the handler's error status and detail back", async () => {
    const response = await fetch(`${base}/things/9`, { method: "PUT", headers: { "content-type": "application/json" }, body: '{"progress":5}' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: "Nope." });
    expect(seen.at(-1)).toMatchObject({ method: "PUT", body: '{"progress":5}', contentType: "application/json" });
  });

  it("refuses a body over 1 MB with 413 {detail} without calling the handler", async () => {
    const before = seen.length;
    const response = await fetch(`${base}/things/9`, { method: "PUT", headers: { "content-type": "application/json" }, body: "x".repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/too large/);
    expect(seen.length).toBe(before);
  });

  it("hands unknown paths and methods the route does not export to Next", async () => {
    expect((await fetch(`${base}/elsewhere`)).status).toBe(299);
    expect((await fetch(`${base}/things/1`, { method: "DELETE" })).status).toBe(299);
  });
});
