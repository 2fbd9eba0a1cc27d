// `npm run bench:api [-- --seconds 10 --connections 50]`
//
// Loads GET /topics, GET /courses/{id}, GET /mycourses, PUT /courses/update_progress, and the two
// reads of spaced review, GET /review/due and GET /users/me/mastery, with
// autocannon against a production build on a freshly seeded embedded PostgreSQL, then the same
// endpoints served by scripts/bench/bare-api-server.ts (node:http + pg, the same SQL) on the same
// database, and prints requests/s, p50/p99 latency and the app/bare throughput ratio.
// Targets (docs/performance.md): p99 under 100 ms at 50 connections; every endpoint at least 1.0x the bare baseline.
// Exits non-zero when a target is missed, or when any request failed.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { measure, type Endpoint, type Measurement } from "./bench/measure";
import { reportTargets } from "./bench/targets";
import { assertProductionBuild, BENCH_LEARNER, startProductionApp } from "./bench/production-app";
import { nextIncrement } from "../lib/learning/progress";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3500" },
    "pg-port": { type: "string", default: "54381" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const APP_PORT = Number(values.port);
const BARE_PORT = APP_PORT + 1;
const P99_TARGET_MS = 100;
const RATIO_TARGET = 1.0;

assertProductionBuild();
console.log(`bench:api: production build, ${CONNECTIONS} connections, ${SECONDS} s per endpoint\n`);
const app = await startProductionApp({ name: "bench", port: APP_PORT, pgPort: Number(values["pg-port"]), quiet: true });
let bare: ReturnType<typeof spawn> | undefined;

async function json(path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

try {
  // The learner: a bearer token, enrolled in the largest seeded course, part-way through it.
  const login = await json("/log_in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: BENCH_LEARNER.email, password: BENCH_LEARNER.password }),
  });
  const token: string = login.access_token;
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const topics: { courses: { id: number }[] }[] = await json("/topics");
  const courseIds = topics.flatMap((t) => t.courses.map((c) => c.id));
  for (const id of courseIds.slice(0, 6)) await json("/enroll", { method: "POST", headers: auth, body: JSON.stringify({ course_id: id }) });
  const courseId = courseIds[0]!;
  // One Next in the reader: the second subsection opened, progress raised by one step (all it has earned).
  const course: { sections: { subsections: unknown[] }[] } = await json(`/courses/${courseId}`, { headers: auth });
  const progress = nextIncrement(course.sections.map((s) => s.subsections.length));
  await json("/courses/update_progress", { method: "PUT", headers: auth, body: JSON.stringify({ course_id: courseId, progress, section_index: 0, subsection_index: 1 }) });
  // Review cards and mastery rows: the first section's quiz of each enrolled course, answered with
  // each question's first option (some right, some missed, so some cards are due at once).
  for (const id of courseIds.slice(0, 6)) {
    const quiz: { id: number; options: string[] }[] = await json(`/section-quizzes?course_id=${id}&section_index=0`, { headers: auth });
    const answers = quiz.map((q) => ({ question_id: q.id, answer: q.options[0] }));
    await json(`/courses/${id}/sections/0/quiz-complete`, { method: "POST", headers: auth, body: JSON.stringify({ answers }) });
  }

  const endpoints: Endpoint[] = [
    { name: "GET /topics", method: "GET", path: "/topics" },
    { name: "GET /courses/{id}", method: "GET", path: `/courses/${courseId}`, token },
    { name: "GET /mycourses", method: "GET", path: "/mycourses", token },
    // The same value again: accepted (progress never goes down), and a real guarded UPDATE each time.
    { name: "PUT /courses/update_progress", method: "PUT", path: "/courses/update_progress", token, body: JSON.stringify({ course_id: courseId, progress }) },
    { name: "GET /review/due", method: "GET", path: "/review/due?limit=20", token },
    { name: "GET /users/me/mastery", method: "GET", path: "/users/me/mastery", token },
  ];

  const dataDir = resolve(".data", "bench");
  bare = spawn(process.execPath, ["--import", "tsx", "scripts/bench/bare-api-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: await app.databaseUrl(), AUTH_SECRET: readFileSync(resolve(dataDir, "auth-secret"), "utf8").trim(), PORT: String(BARE_PORT) },
  });
  await new Promise<void>((ready) => bare!.stdout!.once("data", () => ready()));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

  const rows: { endpoint: Endpoint; app: Measurement; bare: Measurement }[] = [];
  for (const endpoint of endpoints) {
    // A short warm-up lets both servers compile their code paths and fill their pools first.
    await measure(app.url, endpoint, { connections: CONNECTIONS, seconds: 2 });
    const appRun = await measure(app.url, endpoint, { connections: CONNECTIONS, seconds: SECONDS });
    await measure(bareUrl, endpoint, { connections: CONNECTIONS, seconds: 2 });
    const bareRun = await measure(bareUrl, endpoint, { connections: CONNECTIONS, seconds: SECONDS });
    rows.push({ endpoint, app: appRun, bare: bareRun });
    console.log(`  measured ${endpoint.name}`);
  }

  const failures: string[] = [];
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`\n${"endpoint".padEnd(30)}${pad("app req/s", 11)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("bare req/s", 12)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("ratio", 8)}`);
  for (const { endpoint, app: a, bare: b } of rows) {
    const ratio = a.requestsPerSecond / b.requestsPerSecond;
    console.log(
      `${endpoint.name.padEnd(30)}${pad(a.requestsPerSecond.toFixed(0), 11)}${pad(a.p50, 8)}${pad(a.p99, 8)}${pad(b.requestsPerSecond.toFixed(0), 12)}${pad(b.p50, 8)}${pad(b.p99, 8)}${pad(ratio.toFixed(2), 8)}`,
    );
    if (a.p99 >= P99_TARGET_MS) failures.push(`${endpoint.name}: p99 ${a.p99} ms (target < ${P99_TARGET_MS} ms)`);
    if (ratio < RATIO_TARGET) failures.push(`${endpoint.name}: ${ratio.toFixed(2)} of the bare baseline (target >= ${RATIO_TARGET})`);
    if (a.non2xx || a.errors) failures.push(`${endpoint.name}: ${a.non2xx} non-2xx answers and ${a.errors} errors out of ${a.total}`);
  }
  reportTargets(`p99 < ${P99_TARGET_MS} ms on every endpoint; every endpoint >= ${RATIO_TARGET} of the bare baseline's requests/s`, failures);
} finally {
  bare?.kill("SIGTERM");
  await app.stop();
}
