import { zValidator } from "@hono/zod-validator";
import type { Hono, MiddlewareHandler } from "hono";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "@/lib/http/app-error";
import { assertCleanText } from "@/lib/http/clean-text";
import type { Endpoint } from "./endpoint";
import type { ApiEnv } from "./env";
import { assertSelfOrAdmin, guard } from "./http/access";
import { DEFAULT_BODY_BYTES, fileBody, limitBody, strictBody } from "./http/body";

/*
 * Registers the declared endpoints on a Hono app. Per endpoint, in this order: Cache-Control
 * no-store on whatever it answers; the body limit (for a file upload, after the access check:
 * see chain); the access check; the body read strictly; Hono's
 * validators for path parameters (a bad one is a 404, like a missing row), query and body (422 with
 * every invalid field); the owner check; the handler. Per path: OPTIONS answers 204 with Allow,
 * and a method the path does not serve 405 with Allow.
 */

/** API answers are per caller and per moment: no browser or shared cache may keep one. */
const noStore: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  c.res.headers.set("cache-control", "no-store");
};

type Target = keyof ValidationTargets;

/** A failed validation: a path parameter is a 404 with its own message; anything else the ZodError (422). */
function onInvalid(result: { success: boolean; target: Target; data?: unknown; error?: z.core.$ZodError }): void {
  if (!result.success) {
    if (result.target === "param") throw new AppError("not_found", result.error?.issues[0]?.message ?? "Not Found");
    throw result.error;
  }
  // Text PostgreSQL cannot hold, or would silently change: lib/http/clean-text.ts.
  if (result.target !== "param") assertCleanText(result.data);
}

function validators(e: Endpoint): MiddlewareHandler<ApiEnv>[] {
  const checks: [Target, z.ZodType][] = [];
  if (e.params) checks.push(["param", e.params]);
  if (e.query) checks.push(["query", e.query]);
  if (e.body && "json" in e.body) checks.push(["json", e.body.json]);
  if (e.body && "form" in e.body) checks.push(["form", e.body.form]);
  return checks.map(([target, schema]) => zValidator(target, schema, onInvalid) as unknown as MiddlewareHandler<ApiEnv>);
}

/** The handler, once the call is about the caller's own data (or the caller is an admin). */
function ownedHandler(e: Endpoint): MiddlewareHandler<ApiEnv> {
  const { owner } = e;
  const handler = e.handler as unknown as (c: Parameters<MiddlewareHandler<ApiEnv>>[0]) => Promise<Response> | Response;
  if (!owner) return async (c) => handler(c);
  const target: Target = owner.in === "path" ? "param" : owner.in === "query" ? "query" : e.body && "form" in e.body ? "form" : "json";
  return async (c) => {
    const value = (c.req.valid(target as never) as Record<string, unknown>)[owner.name];
    const caller = c.get("caller");
    if (caller && typeof value === "number") assertSelfOrAdmin(caller, value);
    return handler(c);
  };
}

function chain(e: Endpoint): MiddlewareHandler<ApiEnv>[] {
  // A file upload: the caller is checked before anything of the body is read; an announced
  // length over the limit is refused unread, and the handler reads the rest within the limit.
  if (e.body && "file" in e.body) return [noStore, guard(e.access, { beforeTwoFactor: e.beforeTwoFactor }), fileBody(e.body.file.maxBytes), ...validators(e), ownedHandler(e)];
  return [
    noStore,
    limitBody(e.maxBodyBytes ?? DEFAULT_BODY_BYTES),
    guard(e.access, { beforeTwoFactor: e.beforeTwoFactor }),
    ...(e.body ? [strictBody("json" in e.body ? "json" : "form", "json" in e.body && e.body.optional === true)] : []),
    ...validators(e),
    ownedHandler(e),
  ];
}

const isParameter = (segment: string) => segment.startsWith(":");

/**
 * Hono runs the first route registered for a request: of two paths that match one request, the
 * one whose first differing segment is static goes first (`/users/me` before `/users/:id`), as
 * Next.js decides. Paths of different lengths never match the same request (no catch-alls), but
 * they still need an order: calling them equal would make the comparison inconsistent (`/users`
 * "equal" to both `/courses/:id` and `/courses/generate`), and sort() may then put `/courses/:id`
 * first, answering POST /courses/generate with 405. The shorter goes first.
 */
export function comparePrecedence(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = Number(isParameter(left[i]!)) - Number(isParameter(right[i]!));
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

export function registerEndpoints(app: Hono<ApiEnv>, endpoints: readonly Endpoint[]): void {
  const byPath = new Map<string, Endpoint[]>();
  for (const e of endpoints) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  for (const path of [...byPath.keys()].sort(comparePrecedence)) {
    const served = byPath.get(path)!;
    const methods = served.map((e) => e.method);
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
    for (const e of served) app.on(e.method, [path], ...chain(e));
    app.options(path, (c) => c.body(null, 204, { allow }));
    // A path the API serves never falls through to a less specific route: other methods are 405.
    app.all(path, (c) => c.json({ detail: "Method Not Allowed" }, 405, { allow }));
  }
}
