import * as courseGenerationLog from "../../app/(api)/courses/[id]/generation/log/route";
import * as courseGenerationRetry from "../../app/(api)/courses/[id]/generation/retry/route";
import * as courseGeneration from "../../app/(api)/courses/[id]/generation/route";
import * as course from "../../app/(api)/courses/[id]/route";
import * as quizCheck from "../../app/(api)/courses/[id]/sections/[sectionIndex]/quiz-check/route";
import * as quizComplete from "../../app/(api)/courses/[id]/sections/[sectionIndex]/quiz-complete/route";
import * as coursesGenerate from "../../app/(api)/courses/generate/route";
import * as updateProgress from "../../app/(api)/courses/update_progress/route";
import * as enroll from "../../app/(api)/enroll/route";
import * as forgotReset from "../../app/(api)/forgot-password/reset-password/route";
import * as forgotSend from "../../app/(api)/forgot-password/send-code/route";
import * as forgotVerify from "../../app/(api)/forgot-password/verify-code/route";
import * as generation from "../../app/(api)/generation/route";
import * as generationRuns from "../../app/(api)/generation/runs/route";
import * as logIn from "../../app/(api)/log_in/route";
import * as myCourses from "../../app/(api)/mycourses/route";
import * as questionStats from "../../app/(api)/quiz-questions/stats/route";
import * as recommendations from "../../app/(api)/recommendations/route";
import * as registerSend from "../../app/(api)/register/send-code/route";
import * as registerVerify from "../../app/(api)/register/verify-code/route";
import * as sectionQuizzes from "../../app/(api)/section-quizzes/route";
import * as topicCourses from "../../app/(api)/topics/[id]/courses/route";
import * as topicGenerationRetry from "../../app/(api)/topics/[id]/generation/retry/route";
import * as topic from "../../app/(api)/topics/[id]/route";
import * as topicsRoute from "../../app/(api)/topics/route";
import * as completedCourses from "../../app/(api)/users/[id]/completed-courses/route";
import * as user from "../../app/(api)/users/[id]/route";
import * as selectedTopics from "../../app/(api)/users/[id]/selected-topics/route";
import * as interests from "../../app/(api)/users/interests/route";
import * as meResetCode from "../../app/(api)/users/me/password-reset-code/route";
import * as me from "../../app/(api)/users/me/route";
import * as usersRoute from "../../app/(api)/users/route";
import * as topicPreference from "../../app/(api)/users/topic-preference/route";
import * as updateUser from "../../app/(api)/users/update/[id]/route";
import * as unknown from "../../app/[...unknown]/route";
import * as dashboardStats from "../../app/dashboard/stats/route";
import type { RouteHandler } from "../harness/http";
import { WORLD_PASSWORD, type World } from "./world";

/*
 * Every API endpoint in one table: method, path, handler, who may call it, what it takes (path
 * params, query, body, with the kind of each field) and a valid example call in a World. The
 * fuzz test and the authorization matrix both run off it, and routes.test.ts fails when a
 * route.ts on disk (or one of its methods) is missing here.
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export type Access = "public" | "signed-in" | "admin";

/** What an id points at. */
export type Resource = "user" | "topic" | "course" | "question";

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
  /** The route file, relative to the project root. */
  file: string;
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
const page: Field = { kind: "int", min: 1, max: 1_000_000, optional: true };
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

export const ENDPOINTS: readonly Endpoint[] = [
  // Accounts
  {
    method: "POST", path: "/log_in", file: "app/(api)/log_in/route.ts", handler: logIn.POST, access: "public",
    body: { encoding: "form", fields: { grant_type: { kind: "literal", value: "password", optional: true }, username: email, password } },
    example: (w) => ({ body: { grant_type: "password", username: w.a.email, password: WORLD_PASSWORD } }),
  },
  {
    method: "POST", path: "/register/send-code", file: "app/(api)/register/send-code/route.ts", handler: registerSend.POST, access: "public",
    body: { encoding: "json", fields: { email, first_name: optional(name), last_name: optional(name), password: optional(password) } },
    example: (w) => ({ body: { email: w.freshEmail, ...names, password: "analytical-1" } }),
  },
  {
    method: "POST", path: "/register/verify-code", file: "app/(api)/register/verify-code/route.ts", handler: registerVerify.POST, access: "public",
    body: { encoding: "json", fields: { email, code } },
    example: (w) => ({ body: { email: w.freshEmail, code: "123456" } }),
  },
  {
    method: "POST", path: "/users/", file: "app/(api)/users/route.ts", handler: usersRoute.POST, access: "public",
    body: { encoding: "json", fields: { first_name: name, last_name: name, email, password } },
    example: (w) => ({ body: { ...names, email: w.freshEmail, password: "analytical-1" } }),
  },
  {
    method: "POST", path: "/forgot-password/send-code", file: "app/(api)/forgot-password/send-code/route.ts", handler: forgotSend.POST, access: "public",
    body: { encoding: "json", fields: { email } },
    example: (w) => ({ body: { email: w.a.email } }),
  },
  {
    method: "POST", path: "/forgot-password/verify-code", file: "app/(api)/forgot-password/verify-code/route.ts", handler: forgotVerify.POST, access: "public",
    body: { encoding: "json", fields: { email, code } },
    example: (w) => ({ body: { email: w.a.email, code: "123456" } }),
  },
  {
    method: "POST", path: "/forgot-password/reset-password", file: "app/(api)/forgot-password/reset-password/route.ts", handler: forgotReset.POST, access: "public",
    body: { encoding: "json", fields: { email, password, reset_token: { kind: "secret", min: 16, max: 200 } } },
    example: (w) => ({ body: { email: w.a.email, password: "new-password-1", reset_token: "r".repeat(43) } }),
  },
  {
    method: "GET", path: "/users", file: "app/(api)/users/route.ts", handler: usersRoute.GET, access: "admin",
    query: { search: { kind: "text", min: 0, max: 254, trim: true, optional: true }, page, limit: { kind: "int", min: 1, max: 100, optional: true } },
    example: () => ({ query: { search: "example.com", page: "1", limit: "10" } }),
  },
  {
    method: "PUT", path: "/users/{id}", file: "app/(api)/users/[id]/route.ts", handler: user.PUT, access: "admin", params: userParam,
    body: { encoding: "json", fields: { first_name: name, last_name: name, role: { kind: "enum", values: ["user", "admin"] } } },
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) }, body: { ...names, role: "user" } }),
  },
  {
    method: "DELETE", path: "/users/{id}", file: "app/(api)/users/[id]/route.ts", handler: user.DELETE, access: "admin", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "PUT", path: "/users/update/{id}", file: "app/(api)/users/update/[id]/route.ts", handler: updateUser.PUT, access: "signed-in", params: userParam,
    body: { encoding: "json", fields: { first_name: name, last_name: name } },
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) }, body: names }),
  },
  { method: "GET", path: "/users/me", file: "app/(api)/users/me/route.ts", handler: me.GET, access: "signed-in", example: () => ({}) },
  {
    method: "PUT", path: "/users/me", file: "app/(api)/users/me/route.ts", handler: me.PUT, access: "signed-in",
    body: { encoding: "json", fields: { first_name: name, last_name: name } },
    example: () => ({ body: names }),
  },
  {
    method: "POST", path: "/users/me/password-reset-code", file: "app/(api)/users/me/password-reset-code/route.ts", handler: meResetCode.POST, access: "signed-in",
    example: () => ({}),
  },

  // Learning
  { method: "GET", path: "/topics", file: "app/(api)/topics/route.ts", handler: topicsRoute.GET, access: "public", example: () => ({}) },
  {
    method: "GET", path: "/topics/{id}/courses", file: "app/(api)/topics/[id]/courses/route.ts", handler: topicCourses.GET, access: "public", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/users/interests", file: "app/(api)/users/interests/route.ts", handler: interests.GET, access: "signed-in", example: () => ({}) },
  {
    method: "POST", path: "/users/topic-preference", file: "app/(api)/users/topic-preference/route.ts", handler: topicPreference.POST, access: "signed-in",
    body: { encoding: "json", fields: { topic_ids: { kind: "ids", of: "topic", max: 200 } } },
    example: (w) => ({ body: { topic_ids: [w.topicId] } }),
  },
  {
    method: "GET", path: "/users/{id}/selected-topics", file: "app/(api)/users/[id]/selected-topics/route.ts", handler: selectedTopics.GET, access: "signed-in", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "GET", path: "/users/{id}/completed-courses", file: "app/(api)/users/[id]/completed-courses/route.ts", handler: completedCourses.GET, access: "signed-in", params: userParam,
    owner: { in: "path", name: "id" },
    example: (_w, target) => ({ params: { id: str(target) } }),
  },
  {
    method: "GET", path: "/recommendations", file: "app/(api)/recommendations/route.ts", handler: recommendations.GET, access: "signed-in",
    query: { user_id: optional(id("user")) },
    owner: { in: "query", name: "user_id" },
    example: (_w, target) => ({ query: { user_id: str(target) } }),
  },
  {
    method: "GET", path: "/mycourses", file: "app/(api)/mycourses/route.ts", handler: myCourses.GET, access: "signed-in",
    query: { user_id: optional(id("user")) },
    owner: { in: "query", name: "user_id" },
    example: (_w, target) => ({ query: { user_id: str(target) } }),
  },
  {
    method: "POST", path: "/enroll", file: "app/(api)/enroll/route.ts", handler: enroll.POST, access: "signed-in",
    body: { encoding: "json", fields: { course_id: id("course"), user_id: optional(id("user")) } },
    owner: { in: "body", name: "user_id" },
    example: (w, target) => ({ body: { course_id: w.courseId, user_id: target } }),
  },
  {
    method: "GET", path: "/courses/{id}", file: "app/(api)/courses/[id]/route.ts", handler: course.GET, access: "signed-in", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "PUT", path: "/courses/update_progress", file: "app/(api)/courses/update_progress/route.ts", handler: updateProgress.PUT, access: "signed-in",
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
    method: "GET", path: "/section-quizzes", file: "app/(api)/section-quizzes/route.ts", handler: sectionQuizzes.GET, access: "signed-in",
    query: { course_id: id("course"), section_index: { kind: "int", min: 0, max: 10_000 } },
    example: (w) => ({ query: { course_id: str(w.courseId), section_index: str(w.sectionIndex) } }),
  },
  {
    method: "POST", path: "/courses/{id}/sections/{sectionIndex}/quiz-check", file: "app/(api)/courses/[id]/sections/[sectionIndex]/quiz-check/route.ts",
    handler: quizCheck.POST, access: "signed-in", params: sectionParams,
    body: { encoding: "json", fields: { question_id: id("question"), answer: { kind: "text", min: 1, max: 2000, trim: false } } },
    example: (w) => ({ params: inSection(w), body: { question_id: w.quiz[0]!.question_id, answer: w.quiz[0]!.answer } }),
  },
  {
    method: "POST", path: "/courses/{id}/sections/{sectionIndex}/quiz-complete", file: "app/(api)/courses/[id]/sections/[sectionIndex]/quiz-complete/route.ts",
    handler: quizComplete.POST, access: "signed-in", params: sectionParams,
    body: { encoding: "json", fields: { answers: { kind: "answers", max: 100 } } },
    example: (w) => ({ params: inSection(w), body: { answers: w.quiz } }),
  },

  // Course generation
  {
    method: "POST", path: "/courses/generate", file: "app/(api)/courses/generate/route.ts", handler: coursesGenerate.POST, access: "signed-in",
    body: { encoding: "json", fields: { topic_id: id("topic") } },
    example: (w) => ({ body: { topic_id: w.topicId } }),
  },
  {
    method: "GET", path: "/courses/{id}/generation", file: "app/(api)/courses/[id]/generation/route.ts", handler: courseGeneration.GET, access: "signed-in", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "GET", path: "/courses/{id}/generation/log", file: "app/(api)/courses/[id]/generation/log/route.ts", handler: courseGenerationLog.GET, access: "admin", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "POST", path: "/courses/{id}/generation/retry", file: "app/(api)/courses/[id]/generation/retry/route.ts", handler: courseGenerationRetry.POST, access: "admin", params: courseParam,
    example: (w) => ({ params: inCourse(w) }),
  },
  {
    method: "POST", path: "/topics/{id}/generation/retry", file: "app/(api)/topics/[id]/generation/retry/route.ts", handler: topicGenerationRetry.POST, access: "admin", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/generation", file: "app/(api)/generation/route.ts", handler: generation.GET, access: "admin", example: () => ({}) },
  {
    method: "GET", path: "/generation/runs", file: "app/(api)/generation/runs/route.ts", handler: generationRuns.GET, access: "admin",
    query: { limit: { kind: "int", min: 1, max: 500, optional: true } },
    example: () => ({ query: { limit: "20" } }),
  },

  // Admin
  {
    method: "POST", path: "/topics", file: "app/(api)/topics/route.ts", handler: topicsRoute.POST, access: "admin",
    body: { encoding: "json", fields: topicFields },
    example: (w) => ({ body: { title: `New topic ${w.topicId}`, description: "What it is about." } }),
  },
  {
    method: "PUT", path: "/topics/{id}", file: "app/(api)/topics/[id]/route.ts", handler: topic.PUT, access: "admin", params: topicParam,
    body: { encoding: "json", fields: topicFields },
    example: (w) => ({ params: { id: str(w.topicId) }, body: { title: `Renamed topic ${w.topicId}`, description: "What it is about now." } }),
  },
  {
    method: "DELETE", path: "/topics/{id}", file: "app/(api)/topics/[id]/route.ts", handler: topic.DELETE, access: "admin", params: topicParam,
    example: (w) => ({ params: { id: str(w.topicId) } }),
  },
  { method: "GET", path: "/dashboard/stats", file: "app/dashboard/stats/route.ts", handler: dashboardStats.GET, access: "admin", example: () => ({}) },
  {
    method: "GET", path: "/quiz-questions/stats", file: "app/(api)/quiz-questions/stats/route.ts", handler: questionStats.GET, access: "admin",
    query: { page, limit: { kind: "int", min: 1, max: 100, optional: true }, flag: { kind: "enum", values: ["almost_everyone_misses", "almost_nobody_misses", "flagged"], optional: true } },
    example: () => ({ query: { page: "1", limit: "10", flag: "flagged" } }),
  },

  // Any other path: a JSON 404 for API calls (a redirect home for pages).
  ...UNKNOWN_METHODS.map(
    (method): Endpoint => ({ method, path: "/{...unknown}", file: "app/[...unknown]/route.ts", handler: unknown[method], access: "public", example: () => ({}) }),
  ),
];

/** "METHOD /path": how tests name an endpoint. */
export const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The path a call goes to: params filled in, query appended (the unknown-path route gets a path nobody serves). */
export function concretePath(endpoint: Endpoint, params: Record<string, string> = {}, query = ""): string {
  const path = endpoint.path === "/{...unknown}" ? "/users/no-such-endpoint" : endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent((params[key] ?? "").replace(/\p{Cs}/gu, "\uFFFD")));
  return query ? `${path}?${query}` : path;
}
