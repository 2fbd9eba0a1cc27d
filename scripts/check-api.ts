/*
 * `npm run check:api`: calls the API's main endpoints (docs/api.md) against a running
 * server (APP_URL, default http://localhost:3000, e.g. `npm run dev`) and checks each answer's
 * status and shape. Uses the seed accounts (SEED_* variables or the development defaults).
 * It writes only what a learner would (an enrolment, a topic preference, own names unchanged).
 */
import { z } from "zod";

const base = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const admin = { email: process.env.SEED_ADMIN_EMAIL ?? "admin@learnpath.local", password: process.env.SEED_ADMIN_PASSWORD ?? "admin123" };
const learner = { email: process.env.SEED_LEARNER_EMAIL ?? "learner@learnpath.local", password: process.env.SEED_LEARNER_PASSWORD ?? "learner123" };

const user = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string(), role: z.enum(["user", "admin"]), is_active: z.boolean() });
const courseSummary = z.object({
  id: z.number(),
  course_title: z.string(),
  course_description: z.string(),
  course_level: z.enum(["Beginner", "Intermediate", "Advanced"]),
  is_detail_created_by_ai: z.boolean(),
  course_progress: z.number().int().min(0).max(100),
});
const detail = z.object({ detail: z.string().min(1) });
const message = z.object({ message: z.string().min(1) });
const topic = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  creator: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  courses: z.array(courseSummary),
  totalCourses: z.number(),
});
// A learner gets no answer key before submitting (docs/product-rules.md, "Practice").
const question = z.strictObject({ id: z.number(), question: z.string(), options: z.array(z.string()).length(4) });

let failures = 0;
let passes = 0;

async function check(label: string, request: { method?: string; path: string; token?: string; json?: unknown; form?: Record<string, string> }, status: number | number[], schema: z.ZodType) {
  const statuses = Array.isArray(status) ? status : [status];
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  }
  if (request.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  const response = await fetch(`${base}${request.path}`, { method: request.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => "<not JSON>");
  const parsed = schema.safeParse(data);
  const ok = statuses.includes(response.status) && parsed.success;
  if (ok) passes++;
  else failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${label.padEnd(58)} ${response.status}${ok ? "" : ` (wanted ${statuses.join(" or ")})${parsed.success ? "" : `: ${z.prettifyError(parsed.error).split("\n")[0]}`}`}`);
  return data as never;
}

const loginAs = async (who: { email: string; password: string }) =>
  (await check(`POST /log_in (${who.email})`, { path: "/log_in", form: { grant_type: "password", username: who.email, password: who.password, scope: "", client_id: "", client_secret: "" } }, 200, z.object({ access_token: z.string(), token_type: z.literal("bearer"), user }))) as { access_token: string; user: { id: number; first_name: string; last_name: string } };

const a = await loginAs(admin);
const l = await loginAs(learner);
await check("POST /log_in wrong password", { path: "/log_in", form: { username: learner.email, password: "wrong-password" } }, 401, detail);

await check("GET /users (admin)", { path: "/users", token: a.access_token }, 200, z.array(user));
await check("GET /users (learner)", { path: "/users", token: l.access_token }, 403, detail);
await check("GET /users (anonymous)", { path: "/users" }, 401, detail);
await check("POST /users/ without a verified e-mail", { path: "/users/", json: { first_name: "A", last_name: "B", email: "unverified@example.com", password: "secret-1" } }, 403, detail);
await check("PUT /users/{id} (admin, names unchanged)", { method: "PUT", path: `/users/${l.user.id}`, token: a.access_token, json: { first_name: l.user.first_name, last_name: l.user.last_name, role: "user" } }, 200, user);
await check("DELETE /users/{id} (missing id)", { method: "DELETE", path: "/users/999999", token: a.access_token }, 404, detail);
await check("PUT /users/update/{id} (own, unchanged)", { method: "PUT", path: `/users/update/${l.user.id}`, token: l.access_token, json: { first_name: l.user.first_name, last_name: l.user.last_name } }, 200, user);
await check("POST /register/send-code (bad e-mail)", { path: "/register/send-code", json: { email: "nope" } }, 422, detail);
await check("POST /register/verify-code (wrong code)", { path: "/register/verify-code", json: { email: "nobody@example.com", code: "000000" } }, 400, detail);
await check("POST /forgot-password/send-code", { path: "/forgot-password/send-code", json: { email: "nobody@example.com" } }, 200, message);
await check("POST /forgot-password/verify-code (wrong code)", { path: "/forgot-password/verify-code", json: { email: "nobody@example.com", code: "000000" } }, 400, detail);
await check("POST /forgot-password/reset-password (no token)", { path: "/forgot-password/reset-password", json: { email: "nobody@example.com", password: "secret-1", reset_token: "x".repeat(43) } }, 400, detail);

const topics = (await check("GET /topics", { path: "/topics" }, 200, z.array(topic).min(1))) as z.infer<typeof topic>[];
const firstTopic = topics[0]!;
const course = firstTopic.courses[0]!;
await check("GET /topics/{id}/courses", { path: `/topics/${firstTopic.id}/courses` }, 200, z.object({ topic: z.object({ id: z.number(), title: z.string(), description: z.string() }), courses: z.array(courseSummary) }));
await check("GET /users/interests", { path: "/users/interests", token: l.access_token }, 200, z.object({ hasInterests: z.boolean() }));
await check("POST /users/topic-preference", { path: "/users/topic-preference", token: l.access_token, json: { topic_ids: [firstTopic.id] } }, 200, z.object({ message: z.string(), topic_ids: z.array(z.number()) }));
await check("GET /users/{id}/selected-topics", { path: `/users/${l.user.id}/selected-topics`, token: l.access_token }, 200, z.array(z.object({ id: z.number(), title: z.string(), description: z.string() })));
await check("GET /recommendations?user_id=", { path: `/recommendations?user_id=${l.user.id}`, token: l.access_token }, 200, z.array(courseSummary));
await check("POST /enroll", { path: "/enroll", token: l.access_token, json: { course_id: course.id, user_id: l.user.id } }, [201, 200], z.object({ message: z.string(), enrolled: z.boolean(), course_progress: z.number() }));
await check("POST /enroll again (idempotent)", { path: "/enroll", token: l.access_token, json: { course_id: course.id, user_id: l.user.id } }, 200, z.object({ message: z.string(), enrolled: z.literal(false), course_progress: z.number() }));
await check("GET /mycourses?user_id=", { path: `/mycourses?user_id=${l.user.id}`, token: l.access_token }, 200, z.array(courseSummary).min(1));
await check("GET /mycourses?user_id=<someone else>", { path: `/mycourses?user_id=${a.user.id}`, token: l.access_token }, 403, detail);
const courseDetail = (await check(
  "GET /courses/{id}",
  { path: `/courses/${course.id}`, token: l.access_token },
  200,
  z.object({ course_title: z.string(), sections: z.array(z.object({ section_title: z.string(), subsections: z.array(z.object({ title: z.string(), content: z.string().nullable() })) })), course_progress: z.number(), quiz_status: z.record(z.string(), z.boolean()) }),
)) as { course_progress: number };
await check("PUT /courses/update_progress (150)", { method: "PUT", path: "/courses/update_progress", token: l.access_token, json: { course_id: course.id, user_id: l.user.id, progress: 150 } }, 422, detail);
await check("PUT /courses/update_progress (current value)", { method: "PUT", path: "/courses/update_progress", token: l.access_token, json: { course_id: course.id, user_id: l.user.id, progress: courseDetail.course_progress } }, 200, z.object({ course_id: z.number(), course_progress: z.number() }));
await check("GET /users/{id}/completed-courses", { path: `/users/${l.user.id}/completed-courses`, token: l.access_token }, 200, z.array(courseSummary));
const questions = (await check("GET /section-quizzes?course_id=&section_index=", { path: `/section-quizzes?course_id=${course.id}&section_index=0`, token: l.access_token }, 200, z.array(question).min(1))) as { id: number; options: string[] }[] | undefined;
const [firstQuestion] = Array.isArray(questions) ? questions : [];
await check(
  "POST .../quiz-check (one answer, no right option revealed)",
  { path: `/courses/${course.id}/sections/0/quiz-check`, token: l.access_token, json: { question_id: firstQuestion?.id ?? 0, answer: firstQuestion?.options[0] ?? "" } },
  200,
  z.strictObject({ question_id: z.number(), correct: z.boolean(), hint: z.string().nullable() }),
);
await check("POST .../quiz-complete without answers", { path: `/courses/${course.id}/sections/0/quiz-complete`, token: l.access_token, json: {} }, 422, detail);
const stats = z.object({
  user_count: z.number().int(),
  topic_count: z.number().int(),
  quiz_count: z.number().int(),
  passed_quizzes: z.number().int(),
  completion_rate: z.number().min(0).max(100),
  daily_new_users: z.array(z.object({ date: z.string(), count: z.number().int() })).length(7),
  most_attempted: z.array(z.object({ title: z.string(), user_count: z.number().int() })),
  least_attempted: z.array(z.object({ title: z.string(), user_count: z.number().int() })),
});
await check("GET /dashboard/stats (admin)", { path: "/dashboard/stats", token: a.access_token }, 200, stats);
await check("GET /dashboard/stats (learner)", { path: "/dashboard/stats", token: l.access_token }, 403, detail);
const adminTopic = z.object({ id: z.number(), title: z.string(), description: z.string(), created_at: z.string() });
const created = (await check("POST /topics (admin)", { path: "/topics", token: a.access_token, json: { title: `check:api ${Date.now()}`, description: "Created and deleted by check:api." } }, 201, adminTopic)) as { id: number; title: string };
await check("POST /topics (learner)", { path: "/topics", token: l.access_token, json: { title: "Nope", description: "Nope" } }, 403, detail);
await check("POST /topics (missing title)", { path: "/topics", token: a.access_token, json: { description: "d" } }, 422, detail);
await check("PUT /topics/{id} (admin)", { method: "PUT", path: `/topics/${created.id}`, token: a.access_token, json: { title: `${created.title} edited`, description: "Edited." } }, 200, adminTopic);
await check("DELETE /topics/{id} (admin)", { method: "DELETE", path: `/topics/${created.id}`, token: a.access_token }, 204, z.null());
await check("DELETE /topics/{id} (gone)", { method: "DELETE", path: `/topics/${created.id}`, token: a.access_token }, 404, detail);
await check("GET /quiz-questions/stats (admin)", { path: "/quiz-questions/stats?limit=5", token: a.access_token }, 200, z.array(z.object({ id: z.number(), attempts: z.number(), flag: z.string().nullable() })).max(5));
await check("GET /no/such/api/path", { path: "/users/1/nothing-here", token: l.access_token }, 404, z.unknown());

console.log(`\n${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
