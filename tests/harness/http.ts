import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { credentialAccount } from "../../db/credential-account";
import { accounts, users } from "../../db/schema";
import { logIn } from "../../lib/accounts/login";
import { hashPassword } from "../../lib/auth/password";
import { assertDocumentedResponse } from "./openapi";

/*
 * Calls route handlers the way Next.js does (a Request plus a params promise), so integration
 * tests exercise parsing, auth, business rules and the database together. Every answer is
 * checked against the OpenAPI description (./openapi.ts): an undocumented status or shape
 * throws in the test that received it.
 */

export type RouteHandler = (request: Request, segment: { params: Promise<Record<string, string>>; clientAddress?: string }) => Promise<Response> | Response;

export type CallOptions = {
  method?: string;
  path?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body: text, or bytes (to send what no string can hold, such as invalid UTF-8). */
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** The client address the server decided (lib/http/client-address.ts); unset: "unknown". */
  clientAddress?: string;
};

export type CallResult = { status: number; body: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function call(handler: RouteHandler, options: CallOptions = {}): Promise<CallResult> {
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
  const request = new Request(`http://localhost${options.path ?? "/"}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}), clientAddress: options.clientAddress });
  const text = await response.text();
  assertDocumentedResponse(handler, { status: response.status, headers: response.headers, text });
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

let counter = 0;

/** A fresh learner (or admin) with a known password, and a bearer token for them. */
export async function createUser(role: "user" | "admin" = "user", password = "correct-horse-1") {
  counter++;
  const email = `${role}-${process.pid}-${Date.now()}-${counter}@example.com`;
  const [user] = await getDb()
    .insert(users)
    .values({ firstName: "Test", lastName: `User${counter}`, email, role, emailVerified: true })
    .returning();
  await getDb().insert(accounts).values(credentialAccount(user!.id, await hashPassword(password)));
  const { access_token } = await logIn({ email, password }, "test");
  return { user: user!, email, password, token: access_token };
}

export async function setUserActive(id: number, isActive: boolean) {
  await getDb().update(users).set({ isActive }).where(eq(users.id, id));
}
