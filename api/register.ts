import { zValidator } from "@hono/zod-validator";
import type { Hono, MiddlewareHandler, ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "@/lib/platform/http/app-error";
import { assertCleanText } from "@/lib/platform/http/clean-text";
import type { Endpoint } from "./endpoint";
import type { ApiEnv } from "./env";
import { assertSelfOrAdmin, guard } from "./http/access";
import { DEFAULT_BODY_BYTES, fileBody, limitBody, strictBody } from "./http/body";

/*
 * Registers the declared endpoints on a Hono app. Per endpoint, in this order: Cache-Control
 * no-store on whatever it answers; the body limit (for a file upload, after the access check:
 * see chain); the access check; a path or query owner's check; the body read strictly; a body
 * owner's check; Hono's validators for path parameters (a bad one is a 404, like a missing row),
 * query and body (422 with every invalid field); the handler. Per path: OPTIONS answers 204 with
 * Allow, and a method the path does not serve 405 with Allow.
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
  // Text PostgreSQL cannot hold, or would silently change: lib/platform/http/clean-text.ts.
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

/** The schema of one field of an object schema (the owner's), or a programming error at start. */
function fieldSchema(e: Endpoint, schema: z.ZodType | undefined, name: string): z.ZodType {
  const field = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.[name];
  if (!field) throw new Error(`${e.key}: its owner field "${name}" is not a field of its ${name === "id" ? "path" : "input"} schema`);
  return field;
}

/*
 * Access, then owner, then the body (docs/security.md, "Who may call what"): a call about someone
 * else's data is refused before the rest of its input is validated, so the answer for "not yours"
 * never depends on the body and never tells an unauthorised caller the endpoint's rules. Only the
 * owner field is read and checked here; a missing or malformed one falls through to the full
 * validation and its 422 (or the path's 404).
 */
function ownerFirst(e: Endpoint): MiddlewareHandler<ApiEnv> | null {
  const { owner } = e;
  if (!owner) return null;
  const body = e.body && "json" in e.body ? e.body.json : e.body && "form" in e.body ? e.body.form : undefined;
  const schema = fieldSchema(e, owner.in === "path" ? e.params : owner.in === "query" ? e.query : body, owner.name);
  const raw = async (c: Parameters<MiddlewareHandler<ApiEnv>>[0]): Promise<unknown> => {
    if (owner.in === "path") return c.req.param(owner.name);
    if (owner.in === "query") return c.req.query(owner.name);
    if (e.body && "form" in e.body) return (await c.req.formData()).get(owner.name) ?? undefined;
    return ((await c.req.json()) as Record<string, unknown>)[owner.name];
  };
  return async (c, next) => {
    const caller = c.get("caller");
    const parsed = schema.safeParse(await raw(c));
    if (caller && parsed.success && typeof parsed.data === "number") assertSelfOrAdmin(caller, parsed.data);
    await next();
  };
}

const runHandler = (e: Endpoint): MiddlewareHandler<ApiEnv> => {
  const handler = e.handler as unknown as (c: Parameters<MiddlewareHandler<ApiEnv>>[0]) => Promise<Response> | Response;
  return async (c) => handler(c);
};

function chain(e: Endpoint): MiddlewareHandler<ApiEnv>[] {
  const owned = ownerFirst(e);
  const ownerOf = (where: "path or query" | "body") => (owned && (e.owner!.in === "body") === (where === "body") ? [owned] : []);
  // A file upload: the caller is checked before anything of the body is read; an announced
  // length over the limit is refused unread, and the handler reads the rest within the limit.
  if (e.body && "file" in e.body) return [noStore, guard(e.access, { beforeTwoFactor: e.beforeTwoFactor }), ...ownerOf("path or query"), fileBody(e.body.file.maxBytes), ...validators(e), runHandler(e)];
  return [
    noStore,
    limitBody(e.maxBodyBytes ?? DEFAULT_BODY_BYTES),
    guard(e.access, { beforeTwoFactor: e.beforeTwoFactor }),
    // A path or query owner is checked before the body is even read; a body owner once it is.
    ...ownerOf("path or query"),
    ...(e.body ? [strictBody("json" in e.body ? "json" : "form", "json" in e.body && e.body.optional === true)] : []),
    ...ownerOf("body"),
    ...validators(e),
    runHandler(e),
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
