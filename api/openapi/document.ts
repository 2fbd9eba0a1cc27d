import { createDocument, type ZodOpenApiHeadersObject, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { errorResponse } from "@/lib/validation/responses/common";
import type { Access, EndpointConfig, ErrorStatus } from "../endpoint";
import { ENDPOINTS } from "../routes";
import { API_ROUTES, type ApiRoute } from "../route-table";
import { OPERATION_DOCS } from "./operations";
import type { DocumentedMethod, OperationKey } from "./types";

/** What the description needs of an endpoint: its declaration (api/endpoint.ts) without the handler. */
type OperationDoc = Omit<EndpointConfig, "method" | "path">;

/** Every documented operation: the declared endpoints, then (TRANSITION) the route table's documented handlers. */
export function documentedOperations(routes: readonly ApiRoute[] = API_ROUTES): { key: OperationKey; method: DocumentedMethod; path: string; doc: OperationDoc }[] {
  const declared = ENDPOINTS.map((e) => ({ key: e.key as OperationKey, method: e.method, path: e.path, doc: e as OperationDoc }));
  const keys = new Set(declared.map((d) => d.key));
  const legacy = tableOperations(routes)
    .filter(({ key }) => !keys.has(key))
    .map((op) => {
      const old = OPERATION_DOCS[op.key];
      if (!old) throw new Error(`${op.key} has no documentation in api/openapi/operations/`);
      const { path, ...rest } = old;
      return { ...op, doc: { ...rest, ...(path ? { params: path } : {}) } as OperationDoc };
    });
  return [...declared, ...legacy];
}

/*
 * The OpenAPI 3.1 description of the JSON API, built from the route table (api/route-table.ts)
 * and each route's documentation (api/openapi/operations/), whose schemas are the very zod
 * objects the handlers parse with. Served at GET /openapi.json, rendered at /docs/api, linted by
 * `npm run openapi:lint`, and every response of the API tests is validated against it.
 */

export const DOCUMENTED_METHODS: readonly DocumentedMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** "/users/:id" -> "/users/{id}": OpenAPI's spelling of a table path. */
export const openApiPath = (tablePath: string) => tablePath.replace(/:(\w+)/g, "{$1}");

/** Every method and path the table serves (HEAD and OPTIONS are answered by the router). */
export function tableOperations(routes: readonly ApiRoute[] = API_ROUTES): { key: OperationKey; method: DocumentedMethod; path: string }[] {
  return routes.flatMap((route) =>
    DOCUMENTED_METHODS.filter((method) => route.module[method]).map((method) => ({ key: `${method} ${route.path}` as OperationKey, method, path: route.path })),
  );
}

const NO_CREDENTIAL = "No credential, or an expired or ended one.";
const CROSS_SITE = "A change authenticated by the session cookie came from another origin (lib/http/same-origin.ts).";

/** Refusals by access level (lib/http/route.ts); the same-origin check guards changes only, never GET. */
function accessErrors(access: Access, method: DocumentedMethod): Partial<Record<ErrorStatus, string>> {
  if (access === "public") return {};
  const refusals = [...(access === "admin" ? ["The caller is not an admin."] : []), ...(method === "GET" ? [] : [CROSS_SITE])];
  return { 401: NO_CREDENTIAL, ...(refusals.length ? { 403: refusals.join(" Or: ") } : {}) };
}

/** The statuses every route of a kind answers, whatever its own rules; merged with the doc's own errors. */
function commonErrors(method: DocumentedMethod, doc: OperationDoc): Partial<Record<ErrorStatus | 413 | 415 | 500 | 503, string>> {
  return {
    ...accessErrors(doc.access, method),
    ...(doc.body ? { 400: "Malformed body: not JSON, not an object, or not UTF-8.", 415: `Content-Type is not ${"form" in doc.body ? "application/x-www-form-urlencoded" : "application/json"}.`, 422: "Invalid fields (see `errors`)." } : {}),
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
/** Headers of the error answers: errorResponse() in lib/http/route.ts always sets these two; a 429 has Retry-After when its limit knows when it ends. */
const ERROR_HEADERS: Partial<Record<number, ZodOpenApiHeadersObject>> = {
  401: { "WWW-Authenticate": { description: "`Bearer`.", required: true, schema: { type: "string" as const } } },
  429: retryAfter(false),
  503: retryAfter(true),
};

function responsesOf(method: DocumentedMethod, doc: OperationDoc): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, success] of Object.entries(doc.responses)) {
    responses[status as `2${string}` | `3${string}`] = {
      description: success.description,
      ...(success.schema ? { content: { "application/json": { schema: success.schema } } } : {}),
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
function operationId(method: DocumentedMethod, path: string): string {
  const words = path.replace(/:(\w+)/g, "by/$1").split(/[/_-]/).filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** Public calls take a credential too when the answer depends on who asks (personal courses). */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}, { bearer: [] }, { cookie: [] }],
  "signed-in": [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
};

function operationOf(method: DocumentedMethod, path: string, doc: OperationDoc): ZodOpenApiOperationObject {
  const form = doc.body && "form" in doc.body ? doc.body.form : undefined;
  const json = doc.body && "json" in doc.body ? doc.body.json : undefined;
  return {
    operationId: operationId(method, path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: SECURITY[doc.access],
    ...(doc.params || doc.query ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } } : {}),
    ...(form ? { requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: form } } } } : {}),
    ...(json ? { requestBody: { required: true, content: { "application/json": { schema: json } } } } : {}),
    responses: responsesOf(method, doc),
  };
}

/** Operations the table serves without documentation: api/openapi/openapi.test.ts names them. */
export function undocumentedOperations(routes: readonly ApiRoute[] = API_ROUTES): OperationKey[] {
  const declared = new Set(ENDPOINTS.map((e) => e.key));
  return tableOperations(routes).filter(({ key }) => !OPERATION_DOCS[key] && !declared.has(key)).map(({ key }) => key);
}

export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES) {
  const paths: ZodOpenApiPathsObject = {};
  for (const { method, path, doc } of documentedOperations(routes)) {
    paths[openApiPath(path)] = { ...paths[openApiPath(path)], [method.toLowerCase()]: operationOf(method, path, doc) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "LearnPath API",
      version: "1.0.0",
      description:
        "The JSON API of LearnPath (SPEC.md section 7 and the project's own calls). JSON in and out, except `POST /log_in` (form-encoded). " +
        "Errors are `{detail}` (422 adds `errors: [{field, message}]`). Every answer carries `Cache-Control: no-store`. " +
        "A path of the table with a method it does not serve answers 405 with `Allow`; `OPTIONS` answers 204 with `Allow`.",
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
