import { describe, expect, it } from "vitest";
import { assertDocumentedResponse } from "../../tests/harness/openapi";
import { testApp } from "../../tests/harness/http";
import { ENDPOINTS } from "../routes";
import { buildOpenApiDocument, openApiPath } from "./document";

/*
 * The OpenAPI description is derived from the endpoint declarations (api/routes/): it holds every
 * declared endpoint and nothing else, each with the access it declares; it is served at
 * /openapi.json and rendered at /docs/api; and the validator the API tests run every answer
 * through does refuse what the description does not allow.
 */

const document = buildOpenApiDocument();
const app = testApp();

/** The calls of the original product's front end, which must keep working as they are. */
const ORIGINAL_CALLS = [
  "GET /users", "POST /users", "POST /log_in", "PUT /users/:id", "DELETE /users/:id", "PUT /users/update/:id",
  "GET /users/:id/selected-topics", "POST /register/send-code", "POST /register/verify-code", "POST /forgot-password/send-code",
  "POST /forgot-password/verify-code", "POST /forgot-password/reset-password", "GET /dashboard/stats", "GET /topics", "POST /topics",
  "PUT /topics/:id", "DELETE /topics/:id", "GET /users/interests", "POST /users/topic-preference", "GET /recommendations",
  "GET /courses/:id", "GET /mycourses", "POST /enroll", "GET /topics/:id/courses", "PUT /courses/update_progress",
  "GET /users/:id/completed-courses", "GET /section-quizzes", "POST /courses/:id/sections/:sectionIndex/quiz-complete",
];

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, unknown> };
const operationOf = (method: string, path: string) => (document.paths?.[openApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe("the OpenAPI description", () => {
  it("documents every declared endpoint and nothing else", () => {
    for (const e of ENDPOINTS) expect(operationOf(e.method, e.path), e.key).toBeDefined();
    const documented = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item as object));
    expect(documented.length).toBe(ENDPOINTS.length);
  });

  it("lists every call of the original front end", () => {
    for (const key of ORIGINAL_CALLS) {
      const [method, path] = key.split(" ") as [string, string];
      expect(operationOf(method, path), key).toBeDefined();
    }
  });

  it("documents each endpoint's access: 401 and a credential for signed-in calls, 403 for admin-only ones", () => {
    for (const e of ENDPOINTS) {
      const operation = operationOf(e.method, e.path)!;
      if (e.access !== "public") expect(Object.hasOwn(operation.responses, "401"), e.key).toBe(true);
      if (e.access === "admin") expect(Object.hasOwn(operation.responses, "403"), e.key).toBe(true);
      expect(operation.security?.some((s) => Object.keys(s).length === 0) ?? false, e.key).toBe(e.access === "public");
    }
  });

  it("documents the form-encoded log-in with the very schema the endpoint validates", () => {
    const logIn = document.paths?.["/log_in"]?.post;
    expect(Object.keys(logIn?.requestBody && "content" in logIn.requestBody ? logIn.requestBody.content : {})).toEqual(["application/x-www-form-urlencoded"]);
    expect(JSON.stringify(logIn?.requestBody)).toContain('"username"');
  });

  it("is served at GET /openapi.json", async () => {
    const res = await app.request("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const served = await res.json();
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.paths)).toContain("/courses/{id}/sections/{sectionIndex}/quiz-complete");
  });

  it("has its reference page at /docs/api, with Swagger UI's files from this server", async () => {
    const page = await app.request("/docs/api");
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.every((src) => src.startsWith("/docs/api/assets/"))).toBe(true);
    for (const src of scripts) {
      const res = await app.request(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type"), src).toContain("javascript");
    }
    expect((await app.request("/docs/api/assets/package.json")).status).toBe(404);
  });
});

describe("the response validator of the API tests", () => {
  const json = (body: unknown, status = 200, extra: Record<string, string> = {}) => ({
    status,
    headers: new Headers({ "content-type": "application/json", ...extra }),
    text: JSON.stringify(body),
  });
  const user = { id: 1, first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", role: "user", is_active: true, created_at: "2026-01-02T03:04:05.678Z" };
  // GET /users lists users as the admin table shows them: the account and its activity.
  const listed = { ...user, last_active_at: null, course_count: 2, two_factor_enabled: false };

  it("accepts a documented answer", () => {
    expect(() => assertDocumentedResponse("GET /users/me", json(user))).not.toThrow();
    expect(() => assertDocumentedResponse("GET /users/me", json({ detail: "Not authenticated. Please log in." }, 401, { "www-authenticate": "Bearer" }))).not.toThrow();
    expect(() => assertDocumentedResponse("GET /users", json([listed], 200, { "x-total-count": "1" }))).not.toThrow();
    expect(() => assertDocumentedResponse("DELETE /topics/:id", { status: 204, headers: new Headers(), text: "" })).not.toThrow();
  });

  it("refuses a status the route does not document", () => {
    expect(() => assertDocumentedResponse("GET /users/me", json(user, 201))).toThrow(/GET \/users\/me answered 201/);
  });

  it("refuses a body that breaks the documented schema: a missing field, an extra one, a wrong type", () => {
    const { email: _email, ...withoutEmail } = user;
    expect(() => assertDocumentedResponse("GET /users/me", json(withoutEmail))).toThrow(/email/);
    expect(() => assertDocumentedResponse("GET /users/me", json({ ...user, password_hash: "x" }))).toThrow(/additional/);
    expect(() => assertDocumentedResponse("GET /users/me", json({ ...user, id: "1" }))).toThrow(/integer/);
    expect(() => assertDocumentedResponse("GET /users/me", json({ message: "no detail" }, 401, { "www-authenticate": "Bearer" }))).toThrow(/detail/);
  });

  it("refuses an answer without its documented headers", () => {
    expect(() => assertDocumentedResponse("GET /users/me", json({ detail: "Not authenticated. Please log in." }, 401))).toThrow(/WWW-Authenticate/);
    expect(() => assertDocumentedResponse("GET /users", json([listed]))).toThrow(/X-Total-Count/);
    expect(() => assertDocumentedResponse("GET /users", json([listed], 200, { "x-total-count": "one" }))).toThrow(/not an integer/);
  });

  it("refuses a body where none is documented, and a non-JSON answer", () => {
    expect(() => assertDocumentedResponse("DELETE /topics/:id", { status: 204, headers: new Headers(), text: "{}" })).toThrow(/without a body/);
    expect(() => assertDocumentedResponse("GET /users/me", { status: 200, headers: new Headers({ "content-type": "text/html" }), text: "<p>" })).toThrow(/text\/html/);
  });
});
