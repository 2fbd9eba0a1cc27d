// `npm run bench:scale [-- --learners 100000 --seconds 10 --connections 50 --resynth --only <name part>]`
//
// The API at scale: a production build (`npm run build`) serving the synthetic data set of
// `npm run db:synth` (100,000 learners: 1,000,000 enrolments, 2,000,000 quiz attempts,
// 10,000,000 answers), loaded with autocannon at 50 connections. The data set lives in its own
// embedded PostgreSQL under .data/bench-scale-<learners>/ and is synthesized on the first run
// only (the time is printed); --resynth writes it again.
// Targets (docs/performance.md): learner endpoints p99 < 100 ms; GET /dashboard/stats p99 < 200 ms; the
// e-mail search p99 < 100 ms; the Questions panel p99 < 300 ms. Prints a table, then "all
// targets met" or what missed (and exits non-zero), as well as when any request failed.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { watchClient } from "../db/connection-errors";
import { runMigrations } from "../db/migrate";
import { hashPassword } from "../lib/accounts/auth/password";
import { measure, type Endpoint, type Measurement } from "./bench/measure";
import { assertProductionBuild, startProductionApp } from "./bench/production-app";
import { reportTargets } from "./bench/targets";
import { APP_DATABASE, ensureDatabaseExists } from "./lib/database";
import { startEmbeddedPostgres } from "./lib/embedded-postgres";
import { SYNTH_PASSWORD } from "./synth/password";
import { countRows, synthesize } from "./synth/synthesize";

const { values } = parseArgs({
  options: {
    learners: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3510" },
    "pg-port": { type: "string", default: "54391" },
    resynth: { type: "boolean", default: false },
    // Measure only the endpoints whose name contains one of these (e.g. --only recommendations --only topics).
    only: { type: "string", multiple: true },
  },
});
const LEARNERS = Number(values.learners);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

type Target = Endpoint & { p99TargetMs: number };

assertProductionBuild();
const pgDir = resolve(".data", `bench-scale-${LEARNERS}`, "postgres");
const server = await startEmbeddedPostgres({ dataDir: pgDir, port: Number(values["pg-port"]) });
const databaseUrl = await ensureDatabaseExists(server.url, APP_DATABASE);
let app: Awaited<ReturnType<typeof startProductionApp>> | undefined;

async function prepareData(): Promise<void> {
  await runMigrations(databaseUrl);
  const client = watchClient(new Client({ connectionString: databaseUrl }));
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM users");
    if (values.resynth || Number(rows[0]!.n) === 0) {
      console.log(`synthesizing ${LEARNERS.toLocaleString("en")} learners into ${pgDir} …`);
      const result = await synthesize(client, { learners: LEARNERS, passwordHash: await hashPassword(SYNTH_PASSWORD), reset: true, log: console.log });
      console.log(`synthesized in ${result.seconds.toFixed(0)} s`);
    } else {
      console.log(`reusing the data set in ${pgDir} (--resynth to write it again)`);
    }
    const counts = await countRows(client);
    console.log(Object.entries(counts).map(([k, n]) => `${k} ${n.toLocaleString("en")}`).join(", "));
  } finally {
    await client.end();
  }
}

/** A learner enrolled in the most popular course, part-way through it, and something of an e-mail to search for. */
async function pickSubjects(): Promise<{ learnerEmail: string; courseId: number; progress: number; search: string }> {
  const client = watchClient(new Client({ connectionString: databaseUrl }));
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; course_id: number; progress: number }>(
      `WITH popular AS (SELECT course_id FROM enrollments GROUP BY course_id ORDER BY count(*) DESC LIMIT 1)
       SELECT u.email, e.course_id, e.progress FROM enrollments e JOIN popular USING (course_id) JOIN users u ON u.id = e.user_id
        WHERE u.is_active AND u.role = 'user' AND e.progress BETWEEN 1 AND 99
        ORDER BY (SELECT count(*) FROM enrollments m WHERE m.user_id = e.user_id) DESC, u.id LIMIT 1`,
    );
    const row = rows[0]!;
    // A name, a dot and the first digits of a learner's number: matches a few dozen addresses among 100,000.
    const other = await client.query<{ email: string }>(`SELECT email FROM users WHERE role = 'user' ORDER BY id OFFSET 4321 LIMIT 1`);
    const local = other.rows[0]!.email.split("@")[0]!;
    return { learnerEmail: row.email, courseId: row.course_id, progress: row.progress, search: local.slice(local.lastIndexOf(".") - 3, local.length - 1) };
  } finally {
    await client.end();
  }
}

try {
  await prepareData();
  const subjects = await pickSubjects();
  app = await startProductionApp({ name: "bench-scale-app", port: Number(values.port), pgPort: Number(values["pg-port"]) + 1, quiet: true, databaseUrl });

  const logIn = async (email: string) => {
    const response = await fetch(`${app!.url}/log_in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: email, password: SYNTH_PASSWORD }),
    });
    if (!response.ok) throw new Error(`log_in ${email}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const learner = await logIn(subjects.learnerEmail);
  const admin = await logIn("admin1@synth.learnpath.test");
  const search = encodeURIComponent(subjects.search);

  const endpoints: Target[] = [
    { name: "GET /topics", method: "GET", path: "/topics", p99TargetMs: 100 },
    { name: "GET /courses/{id}", method: "GET", path: `/courses/${subjects.courseId}`, token: learner, p99TargetMs: 100 },
    { name: "GET /mycourses", method: "GET", path: "/mycourses", token: learner, p99TargetMs: 100 },
    {
      name: "PUT /courses/update_progress",
      method: "PUT",
      path: "/courses/update_progress",
      token: learner,
      body: JSON.stringify({ course_id: subjects.courseId, progress: subjects.progress }),
      p99TargetMs: 100,
    },
    { name: "GET /recommendations", method: "GET", path: "/recommendations?limit=20", token: learner, p99TargetMs: 100 },
    { name: "GET /dashboard/stats", method: "GET", path: "/dashboard/stats", token: admin, p99TargetMs: 200 },
    { name: `GET /users?search=${subjects.search}`, method: "GET", path: `/users?search=${search}&limit=20`, token: admin, p99TargetMs: 100 },
    { name: "GET /users (first page)", method: "GET", path: "/users?limit=20", token: admin, p99TargetMs: 100 },
    { name: "GET /topics (admin)", method: "GET", path: "/topics", token: admin, p99TargetMs: 100 },
    { name: "GET /quiz-questions/stats", method: "GET", path: "/quiz-questions/stats?limit=20", token: admin, p99TargetMs: 300 },
    { name: "GET /quiz-questions/stats?flag", method: "GET", path: "/quiz-questions/stats?flag=flagged&page=3&limit=20", token: admin, p99TargetMs: 300 },
  ];

  const chosen = values.only ? endpoints.filter((e) => values.only!.some((part) => e.name.includes(part))) : endpoints;
  const subset = chosen.length < endpoints.length ? ` (only ${chosen.length} of the ${endpoints.length} endpoints)` : "";
  console.log(`\nbench:scale: production build, ${CONNECTIONS} connections, ${SECONDS} s per endpoint (after a 2 s warm-up)${subset}\n`);
  const rows: { endpoint: Target; run: Measurement }[] = [];
  for (const endpoint of chosen) {
    await measure(app.url, endpoint, { connections: CONNECTIONS, seconds: 2 });
    rows.push({ endpoint, run: await measure(app.url, endpoint, { connections: CONNECTIONS, seconds: SECONDS }) });
    console.log(`  measured ${endpoint.name}`);
  }

  const failures: string[] = [];
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`\n${"endpoint".padEnd(40)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("target", 9)}`);
  for (const { endpoint, run } of rows) {
    const met = run.p99 < endpoint.p99TargetMs;
    console.log(`${endpoint.name.padEnd(40)}${pad(run.requestsPerSecond.toFixed(0), 8)}${pad(run.p50, 8)}${pad(run.p99, 8)}${pad(`< ${endpoint.p99TargetMs}`, 9)}  ${met ? "met" : "MISSED"}`);
    if (!met) failures.push(`${endpoint.name}: p99 ${run.p99} ms (target < ${endpoint.p99TargetMs} ms)`);
    if (run.non2xx || run.errors) failures.push(`${endpoint.name}: ${run.non2xx} non-2xx answers and ${run.errors} errors out of ${run.total}`);
  }
  reportTargets("p99 at 50 connections: learner endpoints < 100 ms, dashboard stats < 200 ms, e-mail search < 100 ms, question statistics < 300 ms", failures);
} finally {
  await app?.stop();
  await server.stop();
}

