import { createDocument, type ZodOpenApiHeadersObject, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { errorResponse } from "@/lib/platform/schemas/common-responses";
import type { Access, EndpointConfig, ErrorStatus, Method } from "../endpoint";
import { ENDPOINTS } from "../routes";

/*
 * The OpenAPI 3.1 description of the JSON API, derived from the endpoint declarations
 * (api/routes/, api/endpoint.ts) by zod-openapi: their schemas are the very zod objects the
 * endpoints validate with, and the answers every endpoint of a kind shares (refusals by access,
 * bad bodies and queries, 413, 500, 503) are added here from what the declaration says it takes.
 * Served at GET /openapi.json, rendered at /docs/api, linted by `npm run openapi:lint`, and every
 * response of the API tests is validated against it.
 */

/** What the description needs of an endpoint: its declaration without the handler. */
type OperationDoc = Omit<EndpointConfig, "method" | "path">;

/** "/users/:id" -> "/users/{id}": OpenAPI's spelling of a path. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const NO_CREDENTIAL = "No credential, or an expired or ended one.";
const CROSS_SITE = "A change authenticated by the session cookie came from another origin (lib/platform/http/same-origin.ts).";

/** Refusals by access level (api/http/access.ts); the same-origin check guards changes only, never GET. */
function accessErrors(doc: OperationDoc, method: Method): Partial<Record<ErrorStatus, string>> {
  if (doc.access === "public") return {};
  const refusals = [
    ...(doc.access === "admin" ? ["The caller is not an admin."] : []),
    ...(doc.owner && doc.access !== "admin" ? ["Another learner's data (learners may act only on themselves)."] : []),
    ...(method === "GET" ? [] : [CROSS_SITE]),
  ];
  return { 401: NO_CREDENTIAL, ...(refusals.length ? { 403: refusals.join(" Or: ") } : {}) };
}

/** The statuses every route of a kind answers, whatever its own rules; merged with the doc's own errors. */
function commonErrors(method: Method, doc: OperationDoc): Partial<Record<ErrorStatus | 408 | 413 | 415 | 500 | 503, string>> {
  return {
    ...accessErrors(doc, method),
    ...(doc.body && !("file" in doc.body) ? { 400: "Malformed body: not JSON, not an object, or not UTF-8.", 415: `Content-Type is not ${"form" in doc.body ? "application/x-www-form-urlencoded" : "application/json"}.`, 422: "Invalid fields (see `errors`)." } : {}),
    ...(doc.body && "file" in doc.body ? { 400: "The body does not match its Content-Length, or the upload broke off.", 415: "Content-Type is not application/octet-stream." } : {}),
    ...(doc.body ? { 408: "The body arrived slower than the server's minimum rate, or the whole request took longer than its time limit (HTTP_BODY_MIN_BYTES_PER_SECOND, HTTP_REQUEST_TIMEOUT_MS); the connection is closed." } : {}),
    ...(doc.query ? { 422: "Invalid query parameters (see `errors`)." } : {}),
    ...(doc.params ? { 404: "The path parameter is not a positive number." } : {}),
    413: "The body is over the endpoint's limit (64 kB unless it says otherwise).",
    500: "Something went wrong (no details leave the server).",
    503: "The database is unreachable; see Retry-After.",
  };
}

const TOTAL_COUNT = { "X-Total-Count": { description: "How many items the whole list has.", required: true, schema: { type: "integer" as const, minimum: 0 } } };
const ETAG = { ETag: { description: "A strong entity tag of this answer: send it in If-None-Match to get a 304 while it is current.", required: true, schema: { type: "string" as const } } };
const retryAfter = (required: boolean) => ({ "Retry-After": { description: "Seconds to wait before trying again.", required, schema: { type: "integer" as const, minimum: 1 } } });
/** Headers of the error answers: errorResponse() in api/http/errors.ts always sets these two; a 429 has Retry-After when its limit knows when it ends. */
const ERROR_HEADERS: Partial<Record<number, ZodOpenApiHeadersObject>> = {
  401: { "WWW-Authenticate": { description: "`Bearer`.", required: true, schema: { type: "string" as const } } },
  429: retryAfter(false),
  503: retryAfter(true),
};

function responsesOf(method: Method, doc: OperationDoc): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, success] of Object.entries(doc.responses)) {
    responses[status as `2${string}` | `3${string}`] = {
      description: success.description,
      ...(success.schema ? { content: { "application/json": { schema: success.schema } } } : {}),
      ...(success.events ? { content: { "text/event-stream": { schema: success.events } } } : {}),
      ...(success.totalCount || success.etag ? { headers: { ...(success.totalCount ? TOTAL_COUNT : {}), ...(success.etag ? ETAG : {}) } } : {}),
    };
  }
  const common = commonErrors(method, doc);
  const statuses = [...new Set([...Object.keys(common), ...Object.keys(doc.errors ?? {})].map(Number))].sort((a, b) => a - b);
  for (const status of statuses) {
    const own = doc.errors?.[status as ErrorStatus];
    const shared = common[status as keyof typeof common];
    const headers = ERROR_HEADERS[status];
    responses[String(status) as `4${string}`] = {
      description: [own, shared].filter(Boolean).join(" Or: "),
      content: { "application/json": { schema: doc.errorSchemas?.[status as ErrorStatus] ?? errorResponse } },
      ...(headers ? { headers } : {}),
    };
  }
  return responses;
}

/** "PUT /users/update/:id" -> "putUsersUpdateById". */
function operationId(method: Method, path: string): string {
  const words = path.replace(/:(\w+)/g, "by/$1").split(/[/_-]/).filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** Public calls take a credential too when the answer depends on who asks (personal courses). */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}, { bearer: [] }, { cookie: [] }],
  "signed-in": [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
};

function operationOf(method: Method, path: string, doc: OperationDoc): ZodOpenApiOperationObject {
  const form = doc.body && "form" in doc.body ? doc.body.form : undefined;
  const json = doc.body && "json" in doc.body ? doc.body.json : undefined;
  const file = doc.body && "file" in doc.body ? doc.body.file : undefined;
  return {
    operationId: operationId(method, path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: SECURITY[doc.access],
    ...(doc.params || doc.query ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } } : {}),
    ...(form ? { requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: form } } } } : {}),
    ...(json ? { requestBody: { required: !(doc.body && "json" in doc.body && doc.body.optional), content: { "application/json": { schema: json } } } } : {}),
    ...(file ? { requestBody: { required: true, description: file.description, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } } : {}),
    responses: responsesOf(method, doc),
  };
}

export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) {
    paths[openApiPath(e.path)] = { ...paths[openApiPath(e.path)], [e.method.toLowerCase()]: operationOf(e.method, e.path, e) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "LearnPath API",
      version: "1.0.0",
      description:
        "The JSON API of LearnPath (the original front end's calls and the project's own; see docs/api.md). JSON in and out, except `POST /log_in` (form-encoded). " +
        "Errors are `{detail}` (422 adds `errors: [{field, message}]`). Every answer carries `Cache-Control: no-store`. " +
        "A path of the API with a method it does not serve answers 405 with `Allow`; `OPTIONS` answers 204 with `Allow`.",
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [
      { name: "Accounts", description: "Sign-in, sign-up, password reset and profiles." },
      { name: "Learning", description: "Topics, interests, enrolment, reading progress and section quizzes." },
      { name: "Generation", description: "Course generation by the language model: status, logs, retries, personal courses." },
      { name: "Admin", description: "Users, topics, analytics and question statistics (admins only)." },
    ],
    security: SECURITY["signed-in"],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The `access_token` from `POST /log_in` (an opaque session token)." },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description: "The browser's session cookie (`__Secure-better-auth.session_token` over HTTPS); changes must come from the app's own origin.",
        },
      },
    },
  });
}

let cached: string | undefined;

/** The description as JSON text, built once per process (it depends only on the code). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
