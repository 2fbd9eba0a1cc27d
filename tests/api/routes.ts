import type { Access, Endpoint as Declared, Method as DeclaredMethod, Owner } from "../../api/endpoint";
import { openApiPath } from "../../api/openapi/document";
import { ENDPOINTS as DECLARED } from "../../api/routes";
import { EXAMPLES, SUBJECTS, type Example, type ExampleOf } from "./examples";
import { fieldsOf, paramsOf, type Field, type Param } from "./fields";

/*
 * The API tests' view of every endpoint, derived from its declaration (api/routes/): method,
 * path, who may call it, what it takes (fields with their kinds and limits: tests/api/fields.ts)
 * and whose data it is about; plus a valid example call (tests/api/examples.ts). The fuzz test,
 * the authorization matrix and the cross-site tests run off this list, so a new endpoint is
 * covered by all of them the moment it is declared.
 */

export type { Example, Field, Param };
export type Method = DeclaredMethod | "HEAD" | "OPTIONS";

export type Endpoint = {
  method: Method;
  /** The public path, {name} for path params. */
  path: string;
  /** How tests/harness/http.ts `call()` names it: "PUT /users/:id". */
  key: string;
  access: Access;
  params?: Record<string, Param>;
  query?: Record<string, Field>;
  /** A file upload (`file`) has no fields: its body is the file's bytes. */
  body?: { encoding: "json" | "form" | "file"; fields: Record<string, Field> };
  /** Whose data the call is about: the declaration's owner, or (tests/api/examples.ts SUBJECTS) a thing only its owner may use. */
  owner?: Owner;
  /** A valid call about `target` (a user id) in the world. */
  example: ExampleOf;
};

function exampleOf(key: string): ExampleOf {
  const example = EXAMPLES[key];
  if (!example) throw new Error(`${key} has no example in tests/api/examples.ts`);
  return example;
}

function fromDeclaration(e: Declared): Endpoint {
  const params = paramsOf(e.path);
  const body = e.body && ("json" in e.body ? { encoding: "json" as const, fields: fieldsOf(e.body.json as never) } : "form" in e.body ? { encoding: "form" as const, fields: fieldsOf(e.body.form as never) } : { encoding: "file" as const, fields: {} });
  const owner = e.owner ?? SUBJECTS[e.key];
  return {
    method: e.method,
    path: openApiPath(e.path),
    key: e.key,
    access: e.access,
    ...(Object.keys(params).length ? { params } : {}),
    ...(e.query ? { query: fieldsOf(e.query) } : {}),
    ...(body ? { body } : {}),
    ...(owner ? { owner } : {}),
    example: exampleOf(e.key),
  };
}

const UNKNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Any other path: a JSON 404 for API calls (the not-found page, also a 404, for a browser). */
export const UNKNOWN_PATH = "/{...unknown}";

export const ENDPOINTS: readonly Endpoint[] = [
  ...DECLARED.map(fromDeclaration),
  ...UNKNOWN_METHODS.map((method) => ({ method, path: UNKNOWN_PATH, key: `${method} ${UNKNOWN_PATH}`, access: "public" as const, example: () => ({}) })),
];

/** "METHOD /path": how tests name an endpoint. */
export const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The endpoint key of "GET /users/{id}" for tests that tell a story; it must be an endpoint. */
export function handlerOf(name: string): string {
  const endpoint = ENDPOINTS.find((e) => endpointName(e) === name);
  if (!endpoint) throw new Error(`${name} is not an endpoint of the API (api/routes/)`);
  return endpoint.key;
}

/** The path a call goes to: params filled in, query appended (the unknown-path route gets a path nobody serves). */
export function concretePath(endpoint: Endpoint, params: Record<string, string> = {}, query = ""): string {
  const path = endpoint.path === UNKNOWN_PATH ? "/users/no-such-endpoint/at-all" : endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent((params[key] ?? "").replace(/\p{Cs}/gu, "\uFFFD")));
  return query ? `${path}?${query}` : path;
}
