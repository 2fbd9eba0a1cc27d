import type { IncomingMessage, ServerResponse } from "node:http";
import { isHttpsUrl, securityHeaders, STRICT_TRANSPORT_SECURITY, type HeaderEntry } from "../lib/http/security-headers";
import { matchApiRoute, type ApiRoute } from "./api-routes";

/*
 * Answers the JSON API straight from node:http: the request becomes a web Request, the route's
 * own handler (the same function Next would call, with its auth, validation and `{detail}`
 * errors) answers, and the Response is written back with the headers next.config.ts gives every
 * response. Everything else, and any method a route does not export, goes to Next.
 */

// Bodies beyond this are refused before they are read (the handlers accept 64 kB).
const MAX_BODY_BYTES = 1024 * 1024;

function send(res: ServerResponse, status: number, headers: HeaderEntry[], body: string) {
  for (const { key, value } of headers) res.setHeader(key, value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer | "too_large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return "too_large";
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toWebHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

export function createFastApi(routes: ApiRoute[]) {
  const baseHeaders = securityHeaders({ development: false, https: isHttpsUrl(process.env.APP_URL) });
  // Behind a TLS proxy (X-Forwarded-Proto: https) HSTS goes out too, as next.config.ts does for pages.
  const httpsHeaders = baseHeaders.includes(STRICT_TRANSPORT_SECURITY) ? baseHeaders : [...baseHeaders, STRICT_TRANSPORT_SECURITY];

  return async function fastApi(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const method = req.method ?? "GET";
    const rawUrl = req.url ?? "/";
    const queryAt = rawUrl.indexOf("?");
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const found = matchApiRoute(routes, pathname);
    const handler = found?.route.methods[method];
    if (!found || !handler) return false;

    const headers = req.headers["x-forwarded-proto"] === "https" ? httpsHeaders : baseHeaders;
    let body: Buffer | undefined;
    if (method !== "GET" && method !== "HEAD") {
      const read = await readBody(req);
      if (read === "too_large") {
        send(res, 413, headers, JSON.stringify({ detail: "Request body is too large." }));
        return true;
      }
      body = read;
    }
    const request = new Request(`http://${req.headers.host ?? "localhost"}${rawUrl}`, { method, headers: toWebHeaders(req), body: body ? new Uint8Array(body) : undefined });
    const response = await handler(request, { params: Promise.resolve(found.params) });

    res.statusCode = response.status;
    for (const { key, value } of headers) res.setHeader(key, value);
    const cookies = response.headers.getSetCookie();
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie") res.setHeader(key, value);
    });
    if (cookies.length) res.setHeader("set-cookie", cookies);
    const payload = method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer());
    if (payload) res.setHeader("content-length", payload.length);
    res.end(payload);
    return true;
  };
}
