import type { z } from "zod";
import type { Access } from "@/lib/http/route";

/*
 * What one route of the table (api/route-table.ts) documents: written once per method and path
 * in api/openapi/operations/*.ts, keyed "METHOD /path" exactly as the table spells the path.
 * api/openapi/document.ts turns these into the OpenAPI 3.1 description; the answers every route
 * shares (refusals by access level, bad bodies and queries, 500, 503) are added there, so a
 * doc lists only its successes and its own errors.
 */

export type DocumentedMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** "GET /users/:id/completed-courses": a method and a path of the route table. */
export type OperationKey = `${DocumentedMethod} /${string}`;

/** The statuses an operation may add to the common ones, each with when it happens. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

export type SuccessResponse = {
  description: string;
  /** The JSON body; none for 204. */
  schema?: z.ZodType;
  /** Lists paged with ?page=&limit= carry the total in X-Total-Count. */
  totalCount?: true;
  /** The answer carries a strong ETag (and If-None-Match with it gets a 304). */
  etag?: true;
};

export type OperationDoc = {
  summary: string;
  description?: string;
  tag: "Accounts" | "Learning" | "Generation" | "Admin";
  /** Who may call: the same level the handler passes to route() (tests/api/routes.ts checks it too). */
  access: Access;
  /** Path parameters, by the names the table uses (`:id` -> `id`). */
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** The body schema the handler parses, JSON or form-encoded (POST /log_in). */
  body?: { json: z.ZodType } | { form: z.ZodType };
  /** The 2xx answers, by status, and 304 for a conditional GET. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 304, SuccessResponse>>;
  /** This route's own errors, each with when it happens (all `{detail}`). */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** An error whose body carries more than `{detail}` (POST /log_in's 401 says when a second factor is needed). */
  errorSchemas?: Partial<Record<ErrorStatus, z.ZodType>>;
};

export type OperationDocs = Partial<Record<OperationKey, OperationDoc>>;
