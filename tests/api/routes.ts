import { ENDPOINTS as DECLARED } from "../../api/routes";
import { API_ROUTES } from "../../api/route-table";
import type { RouteHandler } from "../harness/http";
import { WORLD_PASSWORD, type World } from "./world";

/*
 * Test metadata for every endpoint of the route table (api/route-table.ts): who may call it, what
 * it takes (path params, query, body, with the kind of each field) and a valid example call in a
 * World; the handler itself is looked up in the table. The fuzz test and the authorization matrix
 * run off this list, and routes.test.ts fails when a table entry or method is missing here.
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export type Access = "public" | "signed-in" | "admin";

/** What an id points at. */
export type Resource = "user" | "topic" | "course" | "question" | "card" | "session";

/** The kind of one input field; `optional` fields may be left out. */
export type Field = (
  | { kind: "id"; of: Resource }
  | { kind: "int"; min: number; max: number }
  | { kind: "text"; min: number; max: number; trim: boolean }
  | { kind: "email" }
  | { kind: "password" }
  | { kind: "code" }
  | { kind: "secret"; min: number; max: number }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "literal"; value: string }
  | { kind: "ids"; of: Resource; max: number }
  | { kind: "answers"; max: number }
) & { optional?: true };

/** A path parameter: an id, or a section's position in its course. */
export type Param = { of: Resource } | { of: "section-index" };

/** A valid call: path params, query and body (a JSON object, or form fields). */
export type Example = { params?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown> };

export type Endpoint = {
  method: Method;
  /** The public path, {name} for path params. */
  path: string;
  /** The handler the route table (api/route-table.ts) registers for this method and path. */
  handler: RouteHandler;
  access: Access;
  params?: Record<string, Param>;
  query?: Record<string, Field>;
  body?: { encoding: "json" | "form"; fields: Record<string, Field> };
  /** Where the id of the user the call is about goes (DESIGN.md section 5: own data, or any as an admin). */
  owner?: { in: "path" | "query" | "body"; name: string };
  /** A valid call about `target` (a user id) in the world. */
  example: (world: World, target: number) => Example;
};

const id = (of: Resource): Field => ({ kind: "id", of });
const optional = (field: Field): Field => ({ ...field, optional: true });
const name: Field = { kind: "text", min: 1, max: 100, trim: true };
const email: Field = { kind: "email" };
const password: Field = { kind: "password" };
const code: Field = { kind: "code" };
/** A code from the authenticator app, or a backup code. */
const twoFactorCode: Field = { kind: "text", min: 1, max: 20, trim: true };
/** A one-time token the server issued (sign-up, registration, reset). */
const issuedToken: Field = { kind: "secret", min: 16, max: 200 };
const page: Field = { kind: "int", min: 1, max: 1_000_000, optional: true };
const limit: Field = { kind: "int", min: 1, max: 100, optional: true };
const topicFields = { title: { kind: "text", min: 1, max: 120, trim: true }, description: { kind: "text", min: 1, max: 2000, trim: true } } satisfies Record<string, Field>;
const courseParam = { id: { of: "course" } } satisfies Record<string, Param>;
const topicParam = { id: { of: "topic" } } satisfies Record<string, Param>;
const userParam = { id: { of: "user" } } satisfies Record<string, Param>;
const sectionParams = { id: { of: "course" }, sectionIndex: { of: "section-index" } } satisfies Record<string, Param>;

const str = String;
const inCourse = (w: World) => ({ id: str(w.courseId) });
const inSection = (w: World) => ({ id: str(w.courseId), sectionIndex: str(w.sectionIndex) });
const names = { first_name: "Ada", last_name: "Lovelace" };

const UNKNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const LISTED: readonly (Omit<Endpoint, "handler"> & { handler?: RouteHandler })[] = [
  // Accounts
  {
    method: "POST", path: "/log_in",  access: "public",
    body: { encoding: "form", fields: { grant_type: { kind: "literal", value: "password", optional: true }, username: email, password } },
    example: (w) => ({ body: { grant_type: "password", username: w.a.email, password: WORLD_PASSWORD } }),
  },
  {
    method: "POST", path: "/register/send-code",  access: "public",
    body: { encoding: "json", fields: { email, first_name: optional(name), last_name: optional(name), password: optional(password), signup_token: optional(issuedToken) } },
    example: (w) => ({ body: { email: w.freshEmail, ...names, password: "analytical-1" } }),
  },
  {
    method: "POST", path: "/register/verify-code",  access: "public",
    body: { encoding: "json", fields: { email, code, signup_token: optional(issuedToken) } },
    example: (w) => ({ body: { email: w.freshEmail, code: "123456", signup_token: "s".repeat(43) } }),
  },
  {
    method: "POST", path: "/users/",  access: "public",
    body: { encoding: "json", fields: { first_name: name, last_name: name, email, password, registration_token: optional(issuedToken) } },
    example: (w) => ({ body: { ...names, email: w.freshEmail, password: "analytical-1", registration_token: "g".repeat(43) } }),
  },
  {
    method: "POST", path: "/forgot-password/send-code",  access: "public",
    body: { encoding: "json", fields: { email } },
    example: (w) => ({ body: { email: w.a.email } }),
  },
  {
    method: "POST", path: "/forgot-password/verify-code",  access: "public",
    body: { encoding: "json", fields: { email, code } },
    example: (w) => ({ body: { email: w.a.email, code: "123456" } }),
  },
  {
    method: "POST", path: "/forgot-password/reset-password",  access: "public",
    body: { encoding: "json", fields: { email, password, reset_token: issuedToken } },
    example: (w) => ({ body: { email: w.a.email, password: "new-password-1", reset_token: "r".repeat(43) } }),
  },
  {
    method: "GET", path: "/users",  access: "admin",
    query: { search: { kind: "text", min: 0, max: 254, trim: true, optional: true }, page, limit },
    example: () => ({ query: { search: "example.com", page: "1", limit: "10" } }),
  },
  {
    method: "PUT", path: "/users/{id}",  access: "admin", params: userParam,
    body: { encoding: "json", fields: { first_name: name, last_name: name, role: { kind: "enum", values: ["user", "admin"] } } },
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) }, body: { ...names, role: "user" } }),
  },
  {
    method: "DELETE", path: "/users/{id}",  access: "admin", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "PUT", path: "/users/update/{id}",  access: "signed-in", params: userParam,
    body: { encoding: "json", fields: { first_name: name, last_name: name } },
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) }, body: names }),
  },
  { method: "POST", path: "/log_out",  access: "signed-in", example: () => ({}) },
  { method: "POST", path: "/log_out/everywhere",  access: "signed-in", example: () => ({}) },
  { method: "GET", path: "/users/me",  access: "signed-in", example: () => ({}) },
  {
    method: "PUT", path: "/users/me",  access: "signed-in",
    body: { encoding: "json", fields: { first_name: name, last_name: name } },
    example: () => ({ body: names }),
  },
  {
    method: "POST", path: "/users/me/password-reset-code",  access: "signed-in",
    example: () => ({}),
  },
  { method: "GET", path: "/users/me/export",  access: "signed-in", example: () => ({}) },
  {
    method: "DELETE", path: "/users/me",  access: "signed-in",
    body: { encoding: "json", fields: { password } },
    example: () => ({ body: { password: WORLD_PASSWORD } }),
  },
  {
    method: "POST", path: "/users/me/two-factor",  access: "signed-in",
    body: { encoding: "json", fields: { password } },
    example: () => ({ body: { password: WORLD_PASSWORD } }),
  },
  {
    method: "DELETE", path: "/users/me/two-factor",  access: "signed-in",
    body: { encoding: "json", fields: { password, code: twoFactorCode } },
    example: () => ({ body: { password: WORLD_PASSWORD, code: "123456" } }),
  },
  {
    method: "POST", path: "/users/me/two-factor/confirm",  access: "signed-in",
    body: { encoding: "json", fields: { code } },
    example: () => ({ body: { code: "123456" } }),
  },
  { method: "GET", path: "/users/me/sessions",  access: "signed-in", example: () => ({}) },
  {
    method: "DELETE", path: "/users/me/sessions/{id}",  access: "signed-in", params: { id: { of: "session" } },
    // Learner A's own session: A may end it; for anyone else it is no session of theirs (404).
    example: (w) => ({ params: { id: str(w.a.sessionId) } }),
  },
  {
    method: "DELETE", path: "/users/{id}/sessions",  access: "admin", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },

  // Learning
  { method: "GET", path: "/topics",  access: "public", example: () => ({}) },
  {
    method: "GET", path: "/topics/{id}/courses",  access: "public", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/users/interests",  access: "signed-in", example: () => ({}) },
  {
    method: "POST", path: "/users/topic-preference",  access: "signed-in",
    body: { encoding: "json", fields: { topic_ids: { kind: "ids", of: "topic", max: 200 } } },
    example: (w) => ({ body: { topic_ids: [w.topicId] } }),
  },
  {
    method: "GET", path: "/users/{id}/selected-topics",  access: "signed-in", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "GET", path: "/users/{id}/completed-courses",  access: "signed-in", params: userParam,
    query: { page, limit },
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "GET", path: "/recommendations",  access: "signed-in",
    query: { user_id: optional(id("user")), page, limit },
    owner: { in: "query", name: "user_id" },
    example: (_w, target) => ({ query: { user_id: str(target) } }),
  },
  {
    method: "GET", path: "/mycourses",  access: "signed-in",
    query: { user_id: optional(id("user")), page, limit },
    owner: { in: "query", name: "user_id" },
    example: (_w, target) => ({ query: { user_id: str(target) } }),
  },
  {
    method: "POST", path: "/enroll",  access: "signed-in",
    body: { encoding: "json", fields: { course_id: id("course"), user_id: optional(id("user")) } },
    owner: { in: "body", name: "user_id" },
    example: (w, target) => ({ body: { course_id: w.courseId, user_id: target } }),
  },
  {
    method: "GET", path: "/courses/{id}",  access: "signed-in", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "PUT", path: "/courses/update_progress",  access: "signed-in",
    body: {
      encoding: "json",
      fields: {
        course_id: id("course"),
        user_id: optional(id("user")),
        progress: { kind: "int", min: 0, max: 100 },
        section_index: { kind: "int", min: 0, max: 10_000, optional: true },
        subsection_index: { kind: "int", min: 0, max: 10_000, optional: true },
      },
    },
    owner: { in: "body", name: "user_id" },
    example: (w, target) => ({ body: { course_id: w.courseId, user_id: target, progress: 0, section_index: 0, subsection_index: 0 } }),
  },
  {
    method: "GET", path: "/section-quizzes",  access: "signed-in",
    query: { course_id: id("course"), section_index: { kind: "int", min: 0, max: 10_000 } },
    example: (w) => ({ query: { course_id: str(w.courseId), section_index: str(w.sectionIndex) } }),
  },
  {
    method: "POST", path: "/courses/{id}/sections/{sectionIndex}/quiz-check",
    access: "signed-in", params: sectionParams,
    body: { encoding: "json", fields: { question_id: id("question"), answer: { kind: "text", min: 1, max: 2000, trim: false } } },
    example: (w) => ({ params: inSection(w), body: { question_id: w.quiz[0]!.question_id, answer: w.quiz[0]!.answer } }),
  },
  {
    method: "POST", path: "/courses/{id}/sections/{sectionIndex}/quiz-complete",
    access: "signed-in", params: sectionParams,
    body: { encoding: "json", fields: { answers: { kind: "answers", max: 100 } } },
    example: (w) => ({ params: inSection(w), body: { answers: w.quiz } }),
  },

  // Mastery and review (issue 16)
  { method: "GET", path: "/users/me/mastery",  access: "signed-in", example: () => ({}) },
  {
    method: "GET", path: "/review/due",  access: "signed-in",
    query: { limit: { kind: "int", min: 1, max: 100, optional: true } },
    example: () => ({ query: { limit: "10" } }),
  },
  {
    // A card is its owner's alone: the matrix calls it with the caller's own card and with someone else's.
    method: "POST", path: "/review/answer",  access: "signed-in",
    body: { encoding: "json", fields: { card_id: id("card"), answer: { kind: "text", min: 1, max: 2000, trim: false } } },
    owner: { in: "body", name: "card_id" },
    example: (w, target) => ({ body: { card_id: w.cards[target], answer: w.quiz[0]!.answer } }),
  },

  // Course generation
  {
    method: "POST", path: "/courses/generate",  access: "signed-in",
    body: { encoding: "json", fields: { topic_id: id("topic") } },
    example: (w) => ({ body: { topic_id: w.topicId } }),
  },
  {
    method: "GET", path: "/courses/{id}/generation",  access: "signed-in", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "GET", path: "/courses/{id}/generation/log",  access: "admin", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "POST", path: "/courses/{id}/generation/retry",  access: "admin", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "POST", path: "/topics/{id}/generation/retry",  access: "admin", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/generation",  access: "admin", example: () => ({}) },
  {
    method: "GET", path: "/generation/runs",  access: "admin",
    query: { limit: { kind: "int", min: 1, max: 500, optional: true } },
    example: () => ({ query: { limit: "20" } }),
  },

  // Admin
  {
    method: "POST", path: "/topics",  access: "admin",
    body: { encoding: "json", fields: topicFields },
    example: (w) => ({ body: { title: `New topic ${w.topicId}`, description: "What it is about." } }),
  },
  {
    method: "PUT", path: "/topics/{id}",  access: "admin", params: topicParam,
    body: { encoding: "json", fields: topicFields },
    example: (w) => ({ params: { id: str(w.topicId) }, body: { title: `Renamed topic ${w.topicId}`, description: "What it is about now." } }),
  },
  {
    method: "DELETE", path: "/topics/{id}",  access: "admin", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/dashboard/stats",  access: "admin", example: () => ({}) },
  {
    method: "GET", path: "/quiz-questions/stats",  access: "admin",
    query: { page, limit, flag: { kind: "enum", values: ["almost_everyone_misses", "almost_nobody_misses", "flagged"], optional: true } },
    example: () => ({ query: { page: "1", limit: "10", flag: "flagged" } }),
  },

  // Any other path: a JSON 404 for API calls (a redirect home for pages).
  ...UNKNOWN_METHODS.map(
    (method) => ({ method, path: "/{...unknown}", handler: `${method} /{...unknown}` as RouteHandler, access: "public" as const, example: () => ({}) }),
  ),
];

/** "/users/{id}/" -> "/users/:id": the route table's spelling of a path. */
export const tablePath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1").replace(/(.)\/$/, "$1");

function fromTable(method: Method, path: string): RouteHandler {
  const key = `${method} ${tablePath(path)}` as RouteHandler;
  const served = DECLARED.some((e) => e.key === key) || API_ROUTES.some((route) => route.path === tablePath(path) && route.module[method]);
  if (!served) throw new Error(`${key} is not an endpoint of the API (api/routes/)`);
  return key;
}

export const ENDPOINTS: readonly Endpoint[] = LISTED.map((endpoint) => ({ ...endpoint, handler: endpoint.handler ?? fromTable(endpoint.method, endpoint.path) }));

/** "METHOD /path": how tests name an endpoint. */
export const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The handler of one endpoint, by its name ("GET /users/me"), for tests that tell a story. */
export function handlerOf(name: string): RouteHandler {
  const endpoint = ENDPOINTS.find((e) => endpointName(e) === name);
  if (!endpoint) throw new Error(`${name} is not in tests/api/routes.ts`);
  return endpoint.handler;
}

/** The path a call goes to: params filled in, query appended (the unknown-path route gets a path nobody serves). */
export function concretePath(endpoint: Endpoint, params: Record<string, string> = {}, query = ""): string {
  const path = endpoint.path === "/{...unknown}" ? "/users/no-such-endpoint/at-all" : endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent((params[key] ?? "").replace(/\p{Cs}/gu, "\uFFFD")));
  return query ? `${path}?${query}` : path;
}
