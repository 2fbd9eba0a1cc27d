import type { Context } from "hono";
import type { z } from "zod";
import type { Caller } from "@/lib/accounts/auth/caller";
import type { Bindings, Variables } from "./env";

/*
 * One declaration per endpoint: method, path, who may call it, what it takes (path parameters,
 * query, body) and what it answers, beside its handler. Everything else is derived from these
 * declarations: the routes the app registers, their access checks, body limits and validation
 * (api/register.ts), the OpenAPI description (api/openapi/document.ts), and the API tests'
 * authorization matrix and fuzz inputs (tests/api/). docs/api.md shows how to add one.
 */

/** Who may call: anyone, any signed-in user (learner or admin), or admins only. */
export type Access = "public" | "signed-in" | "admin";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Tag = "Accounts" | "Learning" | "Generation" | "Admin";

/** The statuses an endpoint may add to the ones every endpoint of its kind answers. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

export type SuccessStatus = 200 | 201 | 202 | 204 | 304;

export type Success = {
  description: string;
  /** The JSON body; none for 204 and 304. */
  schema?: z.ZodType;
  /** Instead of JSON, a stream of server-sent events: each event's name and `data` object, as a union on `event`. */
  events?: z.ZodType;
  /** Lists paged with ?page=&limit= carry the whole list's length in X-Total-Count. */
  totalCount?: true;
  /** The answer carries a strong ETag (and If-None-Match with it gets a 304). */
  etag?: true;
};

/**
 * Where the id of the user a call is about goes: it must be the caller's own unless the caller is
 * an admin (403 otherwise), checked before the handler runs.
 */
export type Owner = { in: "query" | "body"; name: string } | { in: "path"; name: string };

export type EndpointConfig = {
  method: Method;
  /** Hono's spelling: `:name` for a path parameter ("/users/:id"). */
  path: string;
  access: Access;
  tag: Tag;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * `optional`: a request with no body at all (no Content-Type, nothing sent) reads as `{}`.
   * `file`: the body is a file's bytes (application/octet-stream), under its own limit (read per
   * request, so it may come from the environment); the handler reads it (api/http/body.ts
   * readFileBody) after its own checks, so a caller who may not upload is refused unread.
   */
  body?: { json: z.ZodType; optional?: true } | { form: z.ZodType } | { file: { maxBytes(): number; description: string } };
  responses: Partial<Record<SuccessStatus, Success>>;
  /** This endpoint's own errors, each with when it happens (all `{detail}`). */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** An error whose body carries more than `{detail}`. */
  errorSchemas?: Partial<Record<ErrorStatus, z.ZodType>>;
  owner?: Owner;
  /**
   * Open to an admin who must still set up two-factor sign-in (ADMIN_REQUIRE_TWO_FACTOR): what
   * setting it up takes. Every other signed-in or admin endpoint refuses that admin with 403.
   */
  beforeTwoFactor?: true;
  /** The largest body this endpoint reads, when not api/http/body.ts's default. */
  maxBodyBytes?: number;
};

type Parsed<C extends EndpointConfig, Side extends "in" | "out"> = (C["params"] extends z.ZodType ? { param: Side extends "in" ? z.input<C["params"]> : z.output<C["params"]> } : object) &
  (C["query"] extends z.ZodType ? { query: Side extends "in" ? z.input<C["query"]> : z.output<C["query"]> } : object) &
  (C["body"] extends { json: infer S extends z.ZodType } ? { json: Side extends "in" ? z.input<S> : z.output<S> } : object) &
  (C["body"] extends { form: infer S extends z.ZodType } ? { form: Side extends "in" ? z.input<S> : z.output<S> } : object);

type CallerOf<A extends Access> = A extends "public" ? Caller | null : Caller;

/** The handler's context: `c.req.valid("json" | "query" | "param" | "form")` typed by the declaration, `c.var.caller` by its access. */
export type EndpointContext<C extends EndpointConfig> = Context<
  { Bindings: Bindings; Variables: Omit<Variables, "caller"> & { caller: CallerOf<C["access"]> } },
  string,
  { in: Parsed<C, "in">; out: Parsed<C, "out"> }
>;

export type EndpointHandler<C extends EndpointConfig> = (c: EndpointContext<C>) => Response | Promise<Response>;

export type Endpoint<C extends EndpointConfig = EndpointConfig> = C & {
  /** "PUT /users/:id": how tests and the description name it. */
  key: `${Method} /${string}`;
  handler: EndpointHandler<C>;
};

export function endpoint<const C extends EndpointConfig>(config: C, handler: EndpointHandler<C>): Endpoint<C> {
  return { ...config, key: `${config.method} ${config.path}` as Endpoint["key"], handler };
}

export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "key" in value && "handler" in value && "access" in value;
}
