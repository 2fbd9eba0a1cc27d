// `npm run test:faults [-- --outage 10] [-- --no-contention]`
//
// PostgreSQL goes away while the app runs: the production build (`npm run build` first) and a
// worker on a fresh embedded PostgreSQL (.data/load-outage), under CPU contention (a busy loop on
// every core for the length of the test). The database stops for 10 s while three pieces of work
// are known to be in flight (scripts/load/outage-in-flight.ts): a generation job waiting inside its
// transaction, a mail job handing its e-mail to SMTP, and a tutor reply streaming. During the
// outage every API call must answer 503 with JSON {detail} within a few seconds (no hang, no 500)
// and pages must still answer; neither process may crash; once PostgreSQL is back the app must
// serve 200 again within a few seconds without a restart, and every interrupted piece of work must
// finish, once: the topic's courses all Generated with nothing written twice, the e-mail delivered
// once, the tutor reply stored with its status, and a new tutor turn answered.
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { Pool } from "pg";
import { watchPoolConnections } from "../db/connection-errors";
import { startSmtpCapture } from "../e2e/fixtures/smtp-capture";
import { COURSES_PER_TOPIC, SECTIONS_PER_COURSE, SUBSECTIONS_PER_SECTION } from "../lib/authoring/generation/plan";
import { startFakeOpenAi } from "../tests/harness/fake-openai";
import { SERVICE_UNAVAILABLE } from "../lib/platform/http/database-unavailable";
import { CHROMIUM_MISSING, chromiumForRun } from "./lib/chromium";
import { ADMIN, prepareDatabase } from "./load/accounts";
import { appEnv, assertProductionBuild, baseUrlOf, startFreshDatabase, webServer, workerProcess } from "./load/cluster";
import { startCpuContention, type CpuContention } from "./load/cpu-contention";
import { holdGenerationInTransaction, holdMailBeingSent, holdTutorReplyStreaming, startTurn, type Turn } from "./load/outage-in-flight";
import type { ManagedProcess } from "./load/process";
import { printChecks } from "./load/report";
import type { Check } from "./load/verify";

const WEB_PORT = 3410;
const MODEL_PORT = 3411;
// Below the kernel's ephemeral range (32768-60999), so no client socket or port-0 pick elsewhere in the
// run (the self-hosting smoke's database, just before) can hold it: one run found 54372 taken.
const PG_PORT = 31372;
/** An answer slower than this during the outage counts as a hang (the pool gives up connecting after 5 s). */
const ANSWER_WITHIN_MS = 8000;
/** After PostgreSQL is back, everything must be 200 again within this. */
const RECOVER_WITHIN_MS = 10_000;
/** After PostgreSQL is back, the interrupted work must be done within this. */
const FINISH_WITHIN_MS = 180_000;

const { values } = parseArgs({
  options: { outage: { type: "string", default: "10" }, keep: { type: "boolean", default: false }, contention: { type: "boolean", default: true } },
  allowNegative: true,
});
const OUTAGE_MS = Math.max(1, Number(values.outage)) * 1000;

assertProductionBuild();
// The reader's checks need a browser: outside CI they are skipped without one (scripts/lib/missing-tool.ts).
const chromiumPath = chromiumForRun();
const dataDir = resolve(".data", "load-outage");
const say = (line: string) => console.log(`[outage] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Probe = { name: string; kind: "api" | "page"; path: string; init: () => RequestInit };
type Result = { probe: string; kind: Probe["kind"]; status: number | "no answer"; ms: number; detail: string; json: boolean };

/** The words of the error page (components/layout/page-error.tsx). */
const PAGE_ERROR_TEXT = "The service is temporarily unavailable";
const EXPLORE_HEADING = "Explore Your Personalized Learning Topics";

async function send(baseUrl: string, probe: Probe): Promise<Result> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${probe.path}`, { ...probe.init(), redirect: "manual", signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    const json = (response.headers.get("content-type") ?? "").includes("application/json");
    let detail = "";
    if (json) {
      try {
        detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? "");
      } catch {
        detail = "";
      }
    }
    return { probe: probe.name, kind: probe.kind, status: response.status, ms: performance.now() - started, detail, json };
  } catch (error) {
    return { probe: probe.name, kind: probe.kind, status: "no answer", ms: performance.now() - started, detail: (error as Error).name, json: false };
  }
}

async function json<T>(baseUrl: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The browser sign-in as the login form makes it (Better Auth, POST /api/auth/sign-in/password). */
function browserSignIn(baseUrl: string, email: string, password: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in/password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
    signal,
  });
}

/** A browser session cookie, as the login form gets it. */
async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const signIn = await browserSignIn(baseUrl, email, password);
  const session = signIn.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`no session cookie from the browser sign-in (${signIn.status})`);
  return session.split(";")[0]!;
}

/** The message the login form would show for a browser sign-in now (Better Auth's `message`). */
async function signInMessage(baseUrl: string, email: string, password: string): Promise<string> {
  try {
    const response = await browserSignIn(baseUrl, email, password, AbortSignal.timeout(ANSWER_WITHIN_MS));
    if (response.ok) return "(no error)";
    return ((await response.json()) as { message?: string }).message ?? "(no error)";
  } catch (error) {
    return `no answer (${(error as Error).name})`;
  }
}

const form = (fields: Record<string, string>) => ({ headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

/** The lesson the tutor turns are about: the enrolled course's first lesson. */
const LESSON = (courseId: number) => ({ course_id: courseId, section_index: 0, subsection_index: 0 });

async function generationOutcome(pool: Pool, topicId: number, deadline: number) {
  let outcome = { total: 0, done: 0, failed: 0 };
  while (Date.now() < deadline) {
    const { rows } = await pool.query<typeof outcome>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE generation_status = 'done')::int AS done,
              count(*) FILTER (WHERE generation_status = 'failed')::int AS failed FROM courses WHERE topic_id = $1`,
      [topicId],
    );
    outcome = rows[0]!;
    if (outcome.total > 0 && outcome.done + outcome.failed === outcome.total) break;
    await sleep(500);
  }
  return outcome;
}

/** Every course of the topic has its plan's sections and lessons, and no section holds a question twice. */
async function writtenOnce(pool: Pool, topicId: number): Promise<{ problems: string[]; summary: string }> {
  const { rows } = await pool.query<{ id: number; sections: number; lessons: number; questions: number; repeated: number }>(
    `SELECT c.id,
            (SELECT count(*) FROM course_sections s WHERE s.course_id = c.id)::int AS sections,
            (SELECT count(*) FROM course_subsections l JOIN course_sections s ON s.id = l.section_id WHERE s.course_id = c.id)::int AS lessons,
            (SELECT count(*) FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE s.course_id = c.id)::int AS questions,
            (SELECT count(*) FROM (SELECT 1 FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id
                                    WHERE s.course_id = c.id GROUP BY q.section_id, lower(q.question) HAVING count(*) > 1) twice)::int AS repeated
       FROM courses c WHERE c.topic_id = $1 ORDER BY c.id`,
    [topicId],
  );
  const problems = rows.length === COURSES_PER_TOPIC ? [] : [`${rows.length} courses, not ${COURSES_PER_TOPIC}`];
  problems.push(...rows.flatMap((r) => [
    ...(r.sections !== SECTIONS_PER_COURSE ? [`course ${r.id}: ${r.sections} sections`] : []),
    ...(r.lessons !== SECTIONS_PER_COURSE * SUBSECTIONS_PER_SECTION ? [`course ${r.id}: ${r.lessons} lessons`] : []),
    ...(r.repeated ? [`course ${r.id}: ${r.repeated} questions twice in a section`] : []),
  ]));
  const summary = `${rows.length} courses, each ${SECTIONS_PER_COURSE} sections and ${SECTIONS_PER_COURSE * SUBSECTIONS_PER_SECTION} lessons; ${rows.map((r) => r.questions).join("/")} quiz questions, none twice`;
  return { problems, summary };
}

async function mailOutcome(pool: Pool, jobId: string, email: string, deadline: number) {
  let state = "unknown";
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ state: string }>("SELECT state::text AS state FROM pgboss.job WHERE id = $1", [jobId]);
    state = rows[0]?.state ?? "gone";
    if (state === "completed" || state === "failed") break;
    await sleep(500);
  }
  return { state, delivered: smtp.messages.filter((m) => m.to.includes(email.toLowerCase())).length };
}

/** How a turn's stream ended: its `done` status, or what happened instead. */
async function turnOutcome(turn: Turn, deadline: number): Promise<string> {
  const ended = await Promise.race([turn.ended.then(() => "ended", (error: Error) => `failed: ${error.message}`), sleep(Math.max(0, deadline - Date.now())).then(() => "still open")]);
  const done = turn.events.find((e) => e.event === "done");
  if (done) return String(done.data.status);
  const error = turn.events.find((e) => e.event === "error");
  return error ? `error "${String(error.data.detail)}"` : `no done event (${ended})`;
}

/** The interrupted turn as the learner's tutor panel shows it after the outage. */
async function storedTurn(baseUrl: string, bearer: Record<string, string>, courseId: number, turn: Turn) {
  const start = turn.events.find((e) => e.event === "start");
  const conversationId = start ? Number(start.data.conversation_id) : null;
  const tutor = await json<{ conversations: { id: number; messages: { role: string; status: string; content: string }[] }[] }>(
    baseUrl,
    `/courses/${courseId}/sections/0/subsections/0/tutor`,
    { headers: bearer },
  );
  const messages = tutor.conversations.find((c) => c.id === conversationId)?.messages ?? [];
  return { conversationId, replies: messages.filter((m) => m.role === "tutor"), learnerMessages: messages.filter((m) => m.role === "learner").length };
}

say(`fresh database in ${dataDir}; PostgreSQL will be down for ${OUTAGE_MS / 1000} s`);
const db = await startFreshDatabase(dataDir, PG_PORT);
const fake = await startFakeOpenAi({ latencyMs: 400, port: MODEL_PORT });
const smtp = await startSmtpCapture();
const processes: ManagedProcess[] = [];
let browser: Browser | null = null;
let contention: CpuContention | null = null;
let exitCode = 1;

try {
  const { learners } = await prepareDatabase(db.url, 1);
  const learner = learners[0]!;
  const env = appEnv({ databaseUrl: db.url, poolMax: 10, modelUrl: fake.url, modelTimeoutMs: 10_000, smtpUrl: smtp.url });
  const web = webServer(1, WEB_PORT, env, dataDir);
  const worker = workerProcess(1, env, dataDir);
  processes.push(web, worker);
  await Promise.all(processes.map((p) => p.start()));
  const baseUrl = baseUrlOf(web);

  const { access_token: token } = await json<{ access_token: string }>(baseUrl, "/log_in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: learner.email, password: learner.password }),
  });
  const cookie = await sessionCookie(baseUrl, learner.email, learner.password);
  const topics = await json<{ courses: { id: number; generation_status: string }[] }[]>(baseUrl, "/topics", {});
  const courseId = topics.flatMap((t) => t.courses).find((c) => c.generation_status === "done")!.id;
  const bearer = { authorization: `Bearer ${token}` };
  await json(baseUrl, "/enroll", { method: "POST", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify({ course_id: courseId }) });

  const { access_token: adminToken } = await json<{ access_token: string }>(baseUrl, "/log_in", { method: "POST", ...form({ username: ADMIN.email, password: ADMIN.password }) });
  // The test's own reads (pg_stat_activity, the job table, what was written).
  const pool = new Pool({ connectionString: db.url, max: 2 });
  watchPoolConnections(pool);

  const probes: Probe[] = [
    { name: "GET /topics (public API)", kind: "api", path: "/topics", init: () => ({}) },
    { name: "GET /courses/{id} (bearer)", kind: "api", path: `/courses/${courseId}`, init: () => ({ headers: bearer }) },
    {
      name: "PUT /courses/update_progress",
      kind: "api",
      path: "/courses/update_progress",
      init: () => ({ method: "PUT", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify({ course_id: courseId, progress: 0 }) }),
    },
    { name: "POST /log_in", kind: "api", path: "/log_in", init: () => ({ method: "POST", ...form({ username: learner.email, password: learner.password }) }) },
    { name: "GET /users/interests (session cookie)", kind: "api", path: "/users/interests", init: () => ({ headers: { cookie } }) },
    { name: "page /dashboard (session cookie)", kind: "page", path: "/dashboard", init: () => ({ headers: { cookie } }) },
    { name: "page /explore (public)", kind: "page", path: "/explore", init: () => ({}) },
  ];
  const round = () => Promise.all(probes.map((p) => send(baseUrl, p)));

  // What a reader sees: the page during the outage, then Try again once the database is back.
  if (chromiumPath !== null) browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  const tab = await browser?.newPage();
  const seen = { errorPage: "not checked", afterTryAgain: "not checked" };

  const before = await round();
  const notOkBefore = before.filter((r) => r.status !== 200);

  // The rest runs with every core busy (the machine CI gives this stage is rarely quiet).
  if (values.contention) contention = startCpuContention();
  say(contention ? `CPU contention: a busy loop on each of ${contention.processes} cores` : "no CPU contention (--no-contention)");
  // What is in flight at the cut, each known to be there.
  const generationHeld = await holdGenerationInTransaction(fake, db.url, pool, async () => {
    const created = await json<{ id: number }>(baseUrl, "/topics", {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Outage test topic", description: "Generated across a database outage." }),
    });
    return created.id;
  });
  const topic = { id: generationHeld.topicId };
  say(`generation: the worker's transaction waits in it (backend ${generationHeld.backend.pid}, ${generationHeld.backend.state}, ${generationHeld.backend.waitEvent}: ${generationHeld.backend.query})`);
  const mailJob = await holdMailBeingSent(smtp, pool, async () => {
    await json(baseUrl, "/forgot-password/send-code", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: learner.email }) });
  });
  say(`mail: send-email job ${mailJob.jobId} active, its e-mail at the SMTP server`);
  const tutor = await holdTutorReplyStreaming(fake, () => startTurn(baseUrl, token, { ...LESSON(courseId), message: "Explain this lesson more simply" }));
  say(`tutor: a reply streaming ("${tutor.turn.tokens().trim()}" so far)`);

  say("stopping PostgreSQL");
  const stoppedAt = Date.now();
  await db.stop();
  // The e-mail and the reply end while the database is away: their records must wait for it.
  mailJob.release();
  tutor.release();
  const browsing = (async () => {
    if (!tab) return false;
    const response = await tab.goto(`${baseUrl}/explore`);
    const visible = await tab.getByText(PAGE_ERROR_TEXT).waitFor({ timeout: 5000 }).then(() => true, () => false);
    seen.errorPage = `status ${response?.status()}, ${visible ? "shows" : "does not show"} "${PAGE_ERROR_TEXT}"`;
    return visible;
  })();
  const during: Result[] = [];
  while (Date.now() - stoppedAt < OUTAGE_MS) {
    during.push(...(await round()));
    await sleep(250);
  }
  const errorPageShown = await browsing;
  const signInDuring = await signInMessage(baseUrl, learner.email, learner.password);
  say(`starting PostgreSQL again after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
  await db.start();
  const restartedAt = Date.now();
  let recoveredAfter: number | null = null;
  let lastRound: Result[] = [];
  while (Date.now() - restartedAt < 60_000) {
    lastRound = await round();
    if (lastRound.every((r) => r.status === 200)) {
      recoveredAfter = Date.now() - restartedAt;
      break;
    }
    await sleep(200);
  }
  say(recoveredAfter === null ? "not recovered after 60 s" : `all probes 200 again ${(recoveredAfter / 1000).toFixed(1)} s after PostgreSQL restarted`);
  let pageRecovered = false;
  if (tab && errorPageShown) {
    await tab.getByRole("button", { name: "Try again" }).click();
    pageRecovered = await tab.getByRole("heading", { name: EXPLORE_HEADING }).waitFor({ timeout: 10_000 }).then(() => true, () => false);
    seen.afterTryAgain = pageRecovered ? "Try again shows the page" : "Try again does not bring the page back";
  }

  // The interrupted work finishes (the worker and the web server reconnect by themselves).
  const finishBy = Date.now() + FINISH_WITHIN_MS;
  const [generation, mail, tutorEnd] = await Promise.all([generationOutcome(pool, topic.id, finishBy), mailOutcome(pool, mailJob.jobId, learner.email, finishBy), turnOutcome(tutor.turn, finishBy)]);
  const stored = await storedTurn(baseUrl, bearer, courseId, tutor.turn);
  const written = await writtenOnce(pool, topic.id);
  const nextTurn = stored.conversationId === null ? null : startTurn(baseUrl, token, { ...LESSON(courseId), conversation_id: stored.conversationId, message: "And after the outage?" });
  const nextEnd = nextTurn ? await turnOutcome(nextTurn, Date.now() + 60_000) : "not started";
  await pool.end();

  console.log("\nDuring the outage (status counts and slowest answer per probe)");
  for (const probe of probes) {
    const results = during.filter((r) => r.probe === probe.name);
    const counts = new Map<string, number>();
    for (const r of results) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
    const slowest = Math.max(...results.map((r) => r.ms));
    console.log(`  ${probe.name.padEnd(40)} ${[...counts].map(([s, n]) => `${s} x${n}`).join(", ").padEnd(24)} slowest ${Math.round(slowest)} ms`);
  }

  const apiDuring = during.filter((r) => r.kind === "api");
  const pagesDuring = during.filter((r) => r.kind === "page");
  const badApi = apiDuring.filter((r) => r.status !== 503 || !r.json || !r.detail);
  const slow = during.filter((r) => r.status === "no answer" || r.ms > ANSWER_WITHIN_MS);
  const badPages = pagesDuring.filter((r) => typeof r.status !== "number" || r.status < 500);
  const crashes = processes.flatMap((p) => p.crashes);
  const checks: Check[] = [
    { name: "everything answered 200 before the outage", ok: notOkBefore.length === 0, detail: notOkBefore.map((r) => `${r.probe} ${r.status}`).join("; ") || `${before.length} probes` },
    {
      name: "API calls during the outage answer 503 with JSON {detail}",
      ok: apiDuring.length > 0 && badApi.length === 0,
      detail: `${apiDuring.length} calls, ${badApi.length} otherwise${badApi.length ? ` e.g. ${badApi.slice(0, 3).map((r) => `${r.probe} ${r.status}`).join("; ")}` : ""}`,
    },
    {
      name: "pages during the outage answer an error status, not 200 and not a hang",
      ok: pagesDuring.length > 0 && badPages.length === 0,
      detail: `${pagesDuring.length} pages, ${badPages.length} otherwise${badPages.length ? ` e.g. ${badPages.slice(0, 3).map((r) => `${r.probe} ${r.status}`).join("; ")}` : ""}`,
    },
    { name: `no answer slower than ${ANSWER_WITHIN_MS / 1000} s during the outage`, ok: slow.length === 0, detail: `${slow.length} slow or unanswered, slowest ${Math.round(Math.max(...during.map((r) => r.ms)))} ms` },
    { name: "the login form says 'temporarily unavailable' (no driver error)", ok: signInDuring === SERVICE_UNAVAILABLE, detail: `"${signInDuring.replace(/\s+/g, " ").slice(0, 120)}"` },
    { name: "a reader sees 'temporarily unavailable' with Try again", ok: errorPageShown, detail: seen.errorPage, skipped: tab ? undefined : CHROMIUM_MISSING },
    { name: "Try again after the outage shows the page", ok: pageRecovered, detail: seen.afterTryAgain, skipped: tab ? undefined : CHROMIUM_MISSING },
    { name: "web server and worker kept running", ok: crashes.length === 0 && web.running && worker.running, detail: crashes.join("; ") || "no crash, no restart" },
    {
      name: `the app recovers by itself within ${RECOVER_WITHIN_MS / 1000} s`,
      ok: recoveredAfter !== null && recoveredAfter <= RECOVER_WITHIN_MS,
      detail: recoveredAfter === null ? `still ${lastRound.filter((r) => r.status !== 200).map((r) => `${r.probe} ${r.status}`).join("; ")}` : `${(recoveredAfter / 1000).toFixed(1)} s`,
    },
    {
      name: "the generation interrupted by the outage finishes",
      ok: generation.total === COURSES_PER_TOPIC && generation.done === generation.total,
      detail: `${generation.done} of ${generation.total} courses Generated, ${generation.failed} failed`,
    },
    { name: "the generation wrote nothing twice", ok: written.problems.length === 0, detail: written.problems.join("; ") || written.summary },
    {
      name: "the e-mail being sent at the cut is delivered once, its job completed",
      ok: mail.state === "completed" && mail.delivered === 1,
      detail: `job ${mail.state}, ${mail.delivered} e-mail(s) delivered`,
    },
    {
      name: "the tutor reply streaming at the cut ends with a stored status the learner sees",
      ok: tutorEnd === "complete" && stored.replies.length === 1 && stored.replies[0]!.status === "complete" && stored.replies[0]!.content === tutor.turn.tokens(),
      detail: `stream ended: ${tutorEnd}; stored: ${stored.replies.map((r) => r.status).join(", ") || "no reply"} (${stored.learnerMessages} learner message(s))`,
    },
    { name: "a new tutor turn after the outage is answered", ok: nextEnd === "complete", detail: `ended: ${nextEnd}` },
  ];
  const apiCalls = during.filter((r) => r.kind === "api").length;
  say(
    `figures: ${during.length} calls during the outage (${apiCalls} API), recovered in ${recoveredAfter === null ? "-" : `${(recoveredAfter / 1000).toFixed(1)} s`}, ` +
      `${generation.done}/${generation.total} courses Generated, ${mail.delivered} e-mail(s) delivered, tutor reply ${tutorEnd} (stored: ${stored.replies.map((r) => r.status).join(", ") || "none"}), next turn ${nextEnd}`,
  );
  if (printChecks(checks)) exitCode = 0;
} catch (error) {
  console.error("[outage] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  contention?.stop();
  await browser?.close();
  await Promise.all(processes.map((p) => p.close()));
  await fake.close();
  await smtp.close();
  await db.stop().catch(() => undefined);
  if (exitCode === 0 && !values.keep) rmSync(dataDir, { recursive: true, force: true });
  else say(`logs kept in ${dataDir}/logs`);
}
process.exit(exitCode);
