// `npm run bench:api [-- --seconds 10 --connections 50]`
//
// Loads GET /topics, GET /courses/{id}, GET /mycourses, PUT /courses/update_progress, the two
// reads of spaced review (GET /review/due, GET /users/me/mastery) and the practice calls (the
// attempt under way as GET /section-quizzes and GET .../quiz-attempt, POST .../quiz-check,
// POST /review/answer), with autocannon against a production build on a freshly seeded embedded
// PostgreSQL, then the same endpoints served by their twins in scripts/bench/bare-api-server.ts
// (node:http + pg, hand-written SQL, the same rules) on the same database, and prints requests/s,
// p50/p99 latency and the app/twin throughput ratio. Before any load, each endpoint is called
// once on each server on equal state and the two answers must be the same JSON
// (scripts/bench/json-difference.ts; docs/performance.md, "Honest twins").
// Targets (docs/performance.md, "API"): every endpoint at least 1.2x its twin's requests/s, and
// its p99 no worse than the twin's, in the same run.
// Exits non-zero when a target is missed, when a twin's JSON differs, or when any request failed.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { watchPoolConnections } from "../db/connection-errors";
import { describeDifference, firstDifference, type Answer, type Leeway } from "./bench/json-difference";
import { changedTables, fingerprint, learnerParts, restore, snapshot } from "./bench/learner-state";
import { measure, type Endpoint, type Measurement, type RotatingCaller } from "./bench/measure";
import { insertBenchLearners } from "./bench/learners";
import { reportTargets } from "./bench/targets";
import { assertProductionBuild, BENCH_LEARNER, startProductionApp } from "./bench/production-app";
import { nextIncrement } from "../lib/catalogue/course-shape/progress";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3500" },
    "pg-port": { type: "string", default: "54381" },
    // Answers are limited to 120 per learner per 10 minutes (lib/practice/quizzes/check-answer.ts,
    // lib/practice/review/answer-card.ts): each is spread over this many learners, so that none reaches it
    // (two rounds of 12 s on each server, 48 s of load at up to 2,500 answers/s, stays under 120 each).
    learners: { type: "string", default: "1000" },
    // `--only review/answer`: only the endpoints whose name contains one of these (for profiling).
    only: { type: "string", multiple: true },
    // Rounds per endpoint, the order of the two servers alternating (app first, then bare first):
    // each figure is the mean over the rounds (docs/performance.md, "API").
    rounds: { type: "string", default: "2" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const APP_PORT = Number(values.port);
const BARE_PORT = APP_PORT + 1;
const RATIO_TARGET = 1.2;
const LEARNERS = Number(values.learners);
const ROUNDS = Math.max(1, Number(values.rounds));

assertProductionBuild();
console.log(`bench:api: production build, ${CONNECTIONS} connections, ${SECONDS} s per endpoint\n`);
const app = await startProductionApp({ name: "bench", port: APP_PORT, pgPort: Number(values["pg-port"]), quiet: true });
let bare: ReturnType<typeof spawn> | undefined;

async function json(path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The rounds of one server on one endpoint as one figure: mean rates and latencies, summed counts. */
function meanOf(runs: Measurement[]): Measurement {
  const mean = (pick: (m: Measurement) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
  const sum = (pick: (m: Measurement) => number) => runs.reduce((total, m) => total + pick(m), 0);
  return {
    requestsPerSecond: mean((m) => m.requestsPerSecond),
    p50: Math.round(mean((m) => m.p50)),
    p99: Math.round(mean((m) => m.p99)),
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
    total: sum((m) => m.total),
  };
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

  // The answer keys of the first course's first section (read from the database: the API shows a
  // key only once an item is final), to answer right or wrong on purpose.
  const db = new pg.Pool({ connectionString: await app.databaseUrl(), max: 2 });
  watchPoolConnections(db);
  const { rows: keyRows } = await db.query(
    "SELECT q.id, q.correct_answer FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE s.course_id = $1 AND s.position = 0",
    [courseId],
  );
  const keyOf = new Map<number, string>(keyRows.map((r) => [r.id, r.correct_answer]));
  type Quiz = { id: number; options: string[] }[];
  const wrong = (q: Quiz[number]) => q.options.find((o) => o !== keyOf.get(q.id))!;

  // The bench learner's attempt under way at that quiz (the resume path of GET /section-quizzes
  // and GET .../quiz-attempt): one item right first time (final), one missed once (its hint shown).
  const open: Quiz = await json(`/section-quizzes?course_id=${courseId}&section_index=0`, { headers: auth });
  const check = (headers: Record<string, string>, body: { question_id: number; answer: string }) =>
    json(`/courses/${courseId}/sections/0/quiz-check`, { method: "POST", headers, body: JSON.stringify(body) });
  await check(auth, { question_id: open[0]!.id, answer: keyOf.get(open[0]!.id)! });
  await check(auth, { question_id: open[1]!.id, answer: wrong(open[1]!) });

  // The learners the answers rotate over, written straight into the database
  // (scripts/bench/learners.ts). Then each, through the API, enrols, takes the quiz once
  // (its first item missed: a card due at once), opens a new attempt and answers its first item
  // right first time; the answers measured are that item again (final: the same feedback each
  // time) and the first due card of its review session.
  const setupStarted = performance.now();
  const tokens = await insertBenchLearners(db, LEARNERS, "learner-many");
  const checkCallers: RotatingCaller[] = [];
  const reviewCallers: RotatingCaller[] = [];
  const setUp = async (token: string) => {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    await json("/enroll", { method: "POST", headers, body: JSON.stringify({ course_id: courseId }) });
    const first: Quiz = await json(`/section-quizzes?course_id=${courseId}&section_index=0`, { headers });
    const answers = first.map((q, i) => ({ question_id: q.id, answer: i === 0 ? wrong(q) : keyOf.get(q.id)! }));
    await json(`/courses/${courseId}/sections/0/quiz-complete`, { method: "POST", headers, body: JSON.stringify({ answers }) });
    const second: Quiz = await json(`/section-quizzes?course_id=${courseId}&section_index=0`, { headers });
    const final = { question_id: second[0]!.id, answer: keyOf.get(second[0]!.id)! };
    await check(headers, final);
    checkCallers.push({ token, body: JSON.stringify(final) });
    const due: { cards: { card_id: number; question_id: number; options: string[] }[] } = await json("/review/due", { headers });
    const card = due.cards[0];
    if (!card) throw new Error("a bench learner has no due review card after missing a quiz item");
    reviewCallers.push({ token, body: JSON.stringify({ card_id: card.card_id, answer: card.options[0], question_id: card.question_id }) });
  };
  const queue = [...tokens];
  await Promise.all(Array.from({ length: 16 }, async () => {
    for (let token = queue.pop(); token; token = queue.pop()) await setUp(token);
  }));
  console.log(`set up ${LEARNERS} answering learners in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s\n`);

  // `leeway`: what may differ between the app's answer and its twin's (scripts/bench/json-difference.ts), nothing elsewhere.
  const endpoints: (Endpoint & { leeway?: Leeway })[] = [
    { name: "GET /topics", method: "GET", path: "/topics" },
    { name: "GET /courses/{id}", method: "GET", path: `/courses/${courseId}`, token },
    { name: "GET /mycourses", method: "GET", path: "/mycourses", token },
    // The same value again: accepted (progress never goes down), and a real guarded UPDATE each time.
    { name: "PUT /courses/update_progress", method: "PUT", path: "/courses/update_progress", token, body: JSON.stringify({ course_id: courseId, progress }) },
    // A card's options come in a new order each time it is served (docs/product-rules.md, "Mastery and spaced review").
    { name: "GET /review/due", method: "GET", path: "/review/due", token, leeway: { unordered: ["$.cards[*].options"] } },
    { name: "GET /users/me/mastery", method: "GET", path: "/users/me/mastery", token },
    { name: "GET /section-quizzes", method: "GET", path: `/section-quizzes?course_id=${courseId}&section_index=0`, token },
    { name: "GET .../quiz-attempt", method: "GET", path: `/courses/${courseId}/sections/0/quiz-attempt`, token },
    // A final item again: rate limit, gate, the attempt row locked in a transaction, the same feedback.
    { name: "POST .../quiz-check", method: "POST", path: `/courses/${courseId}/sections/0/quiz-check`, rotate: checkCallers },
    // The card moves on each time (FSRS, mastery, reveal): a full answer, per learner in turn. Its
    // next due date is "now" plus what FSRS gives, each server's own now.
    { name: "POST /review/answer", method: "POST", path: "/review/answer", rotate: reviewCallers, leeway: { clock: ["$.next_due_at"] } },
  ];

  if (values.only?.length) endpoints.splice(0, endpoints.length, ...endpoints.filter((e) => values.only!.some((o) => e.name.includes(o))));

  bare = spawn(process.execPath, ["--import", "tsx", "scripts/bench/bare-api-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: await app.databaseUrl(), PORT: String(BARE_PORT) },
  });
  await new Promise<void>((ready) => bare!.stdout!.once("data", () => ready()));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

  // Both servers answer the same JSON on equal state: one call of each endpoint to each before any
  // load. The learner's stored state is taken before the app's call and put back after it (only
  // the tables the call changed), so the twin's call finds what the app's found; both calls must
  // change the same tables (scripts/bench/learner-state.ts).
  const failures: string[] = [];
  const parts = await learnerParts(db);
  console.log("the twins' JSON against the app's:");
  for (const endpoint of endpoints) {
    const caller = endpoint.rotate?.[0];
    const token = caller?.token ?? endpoint.token;
    const call = async (base: string): Promise<Answer> => {
      const headers: Record<string, string> = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const sentAt = Date.now();
      const response = await fetch(`${base}${endpoint.path}`, { method: endpoint.method, headers, body: caller?.body ?? endpoint.body });
      const body = await response.json();
      return { status: response.status, body, totalCount: response.headers.get("x-total-count"), sentAt, answeredAt: Date.now() };
    };
    const userId: number | undefined = token ? (await db.query("SELECT user_id FROM sessions WHERE token = $1", [token])).rows[0]?.user_id : undefined;
    let a: Answer, b: Answer;
    let changes = "";
    if (userId === undefined) {
      [a, b] = [await call(app.url), await call(bareUrl)];
    } else {
      const [before, saved] = [await fingerprint(db, parts, userId), await snapshot(db, parts, userId)];
      a = await call(app.url);
      const byApp = changedTables(before, await fingerprint(db, parts, userId));
      if (byApp.length) {
        await restore(db, parts, byApp, userId, saved);
        const left = changedTables(before, await fingerprint(db, parts, userId));
        if (left.length) failures.push(`${endpoint.name}: the learner's ${left.join(", ")} could not be put back as the app's call found them`);
      }
      b = await call(bareUrl);
      const byTwin = changedTables(before, await fingerprint(db, parts, userId));
      const listed = (tables: string[]) => (tables.length ? tables.join(", ") : "nothing");
      const same = byApp.join() === byTwin.join();
      if (!same) failures.push(`${endpoint.name}: the app's call changed ${listed(byApp)}, its twin's ${listed(byTwin)}`);
      changes = same ? `; each call changed ${listed(byApp)}` : `; the app's call changed ${listed(byApp)}, the twin's ${listed(byTwin)}`;
    }
    const difference = firstDifference(a, b, endpoint.leeway);
    if (difference) failures.push(`${endpoint.name}: the twin's JSON differs from the app's ${describeDifference(difference)}`);
    console.log(`  ${endpoint.name}: ${difference ? `DIFFERS ${describeDifference(difference)}` : "the same JSON"}${changes}`);
  }
  await db.end();
  console.log("");

  const rows: { endpoint: Endpoint; app: Measurement; bare: Measurement }[] = [];
  for (const endpoint of endpoints) {
    const runs = { app: [] as Measurement[], bare: [] as Measurement[] };
    // Whichever server goes second meets what the first left behind (dead rows of its writes, an
    // autovacuum, a checkpoint): the order alternates so that neither always does.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["app", "bare"] as const) : (["bare", "app"] as const);
      for (const server of order) {
        const url = server === "app" ? app.url : bareUrl;
        // A short warm-up lets the server compile its code paths and fill its pool first.
        await measure(url, endpoint, { connections: CONNECTIONS, seconds: 2 });
        runs[server].push(await measure(url, endpoint, { connections: CONNECTIONS, seconds: SECONDS }));
      }
    }
    rows.push({ endpoint, app: meanOf(runs.app), bare: meanOf(runs.bare) });
    console.log(`  measured ${endpoint.name}${ROUNDS > 1 ? `: app p99 ${runs.app.map((r) => r.p99).join(" / ")} ms, bare ${runs.bare.map((r) => r.p99).join(" / ")} ms` : ""}`);
  }

  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`\n${"endpoint".padEnd(30)}${pad("app req/s", 11)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("bare req/s", 12)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("ratio", 8)}${pad("p99 vs bare", 13)}`);
  for (const { endpoint, app: a, bare: b } of rows) {
    const ratio = a.requestsPerSecond / b.requestsPerSecond;
    console.log(
      `${endpoint.name.padEnd(30)}${pad(a.requestsPerSecond.toFixed(0), 11)}${pad(a.p50, 8)}${pad(a.p99, 8)}${pad(b.requestsPerSecond.toFixed(0), 12)}${pad(b.p50, 8)}${pad(b.p99, 8)}${pad(ratio.toFixed(2), 8)}${pad(a.p99 <= b.p99 ? "no worse" : "WORSE", 13)}`,
    );
    if (ratio < RATIO_TARGET) failures.push(`${endpoint.name}: ${ratio.toFixed(3)}x its twin's requests/s (target >= ${RATIO_TARGET}x)`);
    if (a.p99 > b.p99) failures.push(`${endpoint.name}: p99 ${a.p99} ms, its twin's ${b.p99} ms (target: no worse)`);
    if (a.non2xx || a.errors) failures.push(`${endpoint.name}: ${a.non2xx} non-2xx answers and ${a.errors} errors out of ${a.total}`);
    if (b.non2xx || b.errors) failures.push(`${endpoint.name} (bare): ${b.non2xx} non-2xx answers and ${b.errors} errors out of ${b.total}`);
  }
  reportTargets(
    `every endpoint >= ${RATIO_TARGET}x its twin's requests/s and p99 <= its twin's p99 (same run); every twin answers the app's JSON`,
    failures,
  );
} finally {
  bare?.kill("SIGTERM");
  await app.stop();
}
