import { describe, expect, it } from "vitest";
import { ENDPOINTS, endpointName, tablePath } from "../../tests/api/routes";
import { assertDocumentedResponse } from "../../tests/harness/openapi";
import { createApiApp } from "../app";
import { API_ROUTES } from "../route-table";
import * as users from "../routes/users";
import * as usersMe from "../routes/users/me";
import * as topicById from "../routes/topics/[id]";
import { buildOpenApiDocument, openApiPath, tableOperations, undocumentedOperations } from "./document";
import { OPERATION_DOCS } from "./operations";
import { accountDocs } from "./operations/accounts";
import { adminDocs } from "./operations/admin";
import { generationDocs } from "./operations/generation";
import { learningDocs } from "./operations/learning";

/*
 * The OpenAPI description and the route table are one: every method and path the table serves
 * has its documentation (api/openapi/operations/), nothing documented is missing from the
 * table, each doc's access level is the one the tests know the route by, and the validator the
 * API tests run every answer through does refuse what the description does not allow.
 */

const document = buildOpenApiDocument();
const app = createApiApp({ trust: { trustProxy: false, hops: 1 }, fallback: () => Response.json({ detail: "Not Found" }, { status: 404 }) });

/** SPEC.md section 7's calls, as the table spells them. */
const SPEC_CALLS = [
  "GET /users", "POST /users", "POST /log_in", "PUT /users/:id", "DELETE /users/:id", "PUT /users/update/:id",
  "GET /users/:id/selected-topics", "POST /register/send-code", "POST /register/verify-code", "POST /forgot-password/send-code",
  "POST /forgot-password/verify-code", "POST /forgot-password/reset-password", "GET /dashboard/stats", "GET /topics", "POST /topics",
  "PUT /topics/:id", "DELETE /topics/:id", "GET /users/interests", "POST /users/topic-preference", "GET /recommendations",
  "GET /courses/:id", "GET /mycourses", "POST /enroll", "GET /topics/:id/courses", "PUT /courses/update_progress",
  "GET /users/:id/completed-courses", "GET /section-quizzes", "POST /courses/:id/sections/:sectionIndex/quiz-complete",
];

describe("the OpenAPI description", () => {
  it("documents every method and path of the route table", () => {
    expect(undocumentedOperations(), "add these to api/openapi/operations/ (see README, API description)").toEqual([]);
  });

  it("documents nothing the table does not serve, and no operation in two files", () => {
    const served = new Set(tableOperations().map(({ key }) => key));
    expect(Object.keys(OPERATION_DOCS).filter((key) => !served.has(key as never))).toEqual([]);
    const perFile = [accountDocs, learningDocs, generationDocs, adminDocs].flatMap((docs) => Object.keys(docs));
    expect(perFile.length).toBe(Object.keys(OPERATION_DOCS).length);
  });

  it("lists every call of SPEC.md section 7", () => {
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(" ") as [string, string];
      expect(document.paths?.[openApiPath(path)]?.[method.toLowerCase() as "get"], call).toBeDefined();
    }
    expect(Object.keys(document.paths ?? {}).length).toBe(API_ROUTES.length);
  });

  it("gives each route the access level the API tests know it by", () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.path !== "/{...unknown}")) {
      const key = `${endpoint.method} ${tablePath(endpoint.path)}` as keyof typeof OPERATION_DOCS;
      expect(OPERATION_DOCS[key]?.access, endpointName(endpoint)).toBe(endpoint.access);
    }
  });

  it("documents the form-encoded log-in with the very schema the handler parses", () => {
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

  it("accepts a documented answer", () => {
    expect(() => assertDocumentedResponse(usersMe.GET, json(user))).not.toThrow();
    expect(() => assertDocumentedResponse(usersMe.GET, json({ detail: "Not authenticated. Please log in." }, 401, { "www-authenticate": "Bearer" }))).not.toThrow();
    expect(() => assertDocumentedResponse(users.GET, json([user], 200, { "x-total-count": "1" }))).not.toThrow();
    expect(() => assertDocumentedResponse(topicById.DELETE, { status: 204, headers: new Headers(), text: "" })).not.toThrow();
  });

  it("refuses a status the route does not document", () => {
    expect(() => assertDocumentedResponse(usersMe.GET, json(user, 201))).toThrow(/GET \/users\/me answered 201/);
  });

  it("refuses a body that breaks the documented schema: a missing field, an extra one, a wrong type", () => {
    const { email: _email, ...withoutEmail } = user;
    expect(() => assertDocumentedResponse(usersMe.GET, json(withoutEmail))).toThrow(/email/);
    expect(() => assertDocumentedResponse(usersMe.GET, json({ ...user, password_hash: "x" }))).toThrow(/additional/);
    expect(() => assertDocumentedResponse(usersMe.GET, json({ ...user, id: "1" }))).toThrow(/integer/);
    expect(() => assertDocumentedResponse(usersMe.GET, json({ message: "no detail" }, 401, { "www-authenticate": "Bearer" }))).toThrow(/detail/);
  });

  it("refuses an answer without its documented headers", () => {
    expect(() => assertDocumentedResponse(usersMe.GET, json({ detail: "Not authenticated. Please log in." }, 401))).toThrow(/WWW-Authenticate/);
    expect(() => assertDocumentedResponse(users.GET, json([user]))).toThrow(/X-Total-Count/);
    expect(() => assertDocumentedResponse(users.GET, json([user], 200, { "x-total-count": "one" }))).toThrow(/not an integer/);
  });

  it("refuses a body where none is documented, and a non-JSON answer", () => {
    expect(() => assertDocumentedResponse(topicById.DELETE, { status: 204, headers: new Headers(), text: "{}" })).toThrow(/without a body/);
    expect(() => assertDocumentedResponse(usersMe.GET, { status: 200, headers: new Headers({ "content-type": "text/html" }), text: "<p>" })).toThrow(/text\/html/);
  });
});
