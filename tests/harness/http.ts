import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { credentialAccount } from "../../db/credential-account";
import { accounts, users } from "../../db/schema";
import { logIn } from "../../lib/accounts/login";
import { hashPassword } from "../../lib/accounts/auth/password";
import { createApiApp } from "../../api/app";
import * as unknownApiCall from "../../app/unknown-api-call/route";
import { isApiRequest } from "../../lib/platform/navigation/unknown-path";
import { assertDocumentedResponse } from "./openapi";

/*
 * Calls the API through the real app (api/app.ts, `app.request()`: no socket), so integration
 * tests exercise routing, middleware, body limits, access checks, validation, business rules and
 * the database together. An endpoint is named as it is declared: "PUT /users/:id". Every answer
 * is checked against the OpenAPI description (./openapi.ts): an undocumented status or shape
 * throws in the test that received it.
 */

export type CallOptions = {
  /** Another method than the endpoint's (to probe 405s and the like). */
  method?: string;
  /** The whole path and query, when the test writes it out; else the endpoint's path with `params` filled in. */
  path?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body: text, or bytes (to send what no string can hold, such as invalid UTF-8). */
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** The client's address, as the socket would give it; unset: none (the server's "unknown"). */
  clientAddress?: string;
};

export type CallResult = { status: number; body: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

let app: ReturnType<typeof createApiApp> | undefined;

/** What stands in for Next.js's not-found page (app/not-found.tsx): a 404 in HTML. */
export const NOT_FOUND_PAGE = "<!doctype html><title>Page not found</title>";

/**
 * The app as the servers build it; where Next.js would answer, what it answers for a path no page
 * holds (lib/platform/navigation/unknown-path.ts): an API call gets the JSON 404 of the route its fallback
 * rewrite names, a browser the not-found page.
 */
export function testApp() {
  app ??= createApiApp({
    trust: { trustProxy: false, hops: 1 },
    fallback: (c) =>
      isApiRequest(c.req.method, c.req.header("accept") ?? null)
        ? (unknownApiCall[c.req.method as "GET"]?.() ?? Response.json({ detail: "Not Found" }, { status: 404 }))
        : new Response(NOT_FOUND_PAGE, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } }),
  });
  return app;
}

/** "/users/:id" with { id: "7" } -> "/users/7". */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}

/** Whether a concrete path is one the template matches (an empty or slashed parameter is another route's path). */
function routesTo(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, "[^/]+");
  return new RegExp(`^${pattern}/?$`).test(path);
}

/** Calls an endpoint by its key: "METHOD /path", `:name` for a path parameter, as api/routes/ declares it. */
export async function call(key: string, options: CallOptions = {}): Promise<CallResult> {
  const [keyMethod, template] = key.split(" ") as [string, string];
  const headers = new Headers(options.headers);
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  if (options.contentType) headers.set("content-type", options.contentType);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const method = options.method ?? keyMethod;
  const url = `http://localhost${options.path ?? fillPath(template, options.params)}`;
  const env = options.clientAddress ? { incoming: { socket: { remoteAddress: options.clientAddress } } } : {};
  const response = await testApp().request(url, { method, headers, body }, env as never);
  const text = await response.text();
  // A call the endpoint answered (not a probe with another method, nor a path the router sends elsewhere).
  if (method === keyMethod && routesTo(template, new URL(url).pathname)) assertDocumentedResponse(key, { status: response.status, headers: response.headers, text });
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

let counter = 0;

/** A fresh learner (or admin) with a known password (and, when given, e-mail), and a bearer token for them. */
export async function createUser(role: "user" | "admin" = "user", password = "correct-horse-1", email = `${role}-${process.pid}-${Date.now()}-${counter + 1}@example.com`) {
  counter++;
  const [user] = await getDb()
    .insert(users)
    .values({ firstName: "Test", lastName: `User${counter}`, email, role, emailVerified: true })
    .returning();
  await getDb().insert(accounts).values(credentialAccount(user!.id, await hashPassword(password)));
  const { access_token } = await logIn(getDb(), { email, password }, "test");
  return { user: user!, email, password, token: access_token };
}

export async function setUserActive(id: number, isActive: boolean) {
  await getDb().update(users).set({ isActive }).where(eq(users.id, id));
}
