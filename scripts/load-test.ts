// `npm run test:load [-- --learners 200 --seconds 60 --instances 1|2 --faults]`
//
// Simulated learners against the production build (`npm run build` first) on a fresh embedded
// PostgreSQL (.data/load) with the seed catalogue, while the worker generates the courses of
// topics an admin creates during the run (fake OpenAI-compatible model). With --instances 2:
// two web servers and two workers on the same database, learners spread across both, and the
// log-in rate limit probed across them. With --faults: one web server and one worker are killed
// (kill -9) mid-run and restarted. Afterwards the database is checked against every write the
// server acknowledged; a failed check exits non-zero. Options: scripts/load/options.ts.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { Pool } from "pg";
import { watchPoolConnections } from "../db/connection-errors";
import { startFakeOpenAi } from "../tests/harness/fake-openai";
import { prepareDatabase } from "./load/accounts";
import { AnswerKey } from "./load/answer-key";
import { adminToken, createTopicsOnSchedule, probeLoginRateLimit } from "./load/admin";
import { LoadClient } from "./load/client";
import { appEnv, assertProductionBuild, baseUrlOf, startFreshDatabase, webServer, workerProcess } from "./load/cluster";
import { Learner, type LearnerContext } from "./load/learner";
import { Ledger } from "./load/ledger";
import { parseLoadOptions } from "./load/options";
import type { ManagedProcess } from "./load/process";
import { printChecks, printTraffic } from "./load/report";
import { checkEnrolments, checkGeneration, checkNoDuplicates, checkQuizAttempts, type Check } from "./load/verify";

// This helper's ports (web servers, fake model, PostgreSQL).
const WEB_PORTS = [3400, 3401];
const MODEL_PORT = 3402;
// Below the kernel's ephemeral range (32768-60999), so no client socket or port-0 pick elsewhere in the run can hold it.
const PG_PORT = 31371;
/** How long pending generations may take to finish after the learners stop. */
const GENERATION_DEADLINE_MS = 180_000;

const options = parseLoadOptions(process.argv.slice(2));
assertProductionBuild();
const dataDir = resolve(".data", "load");
const say = (line: string) => console.log(`[load] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

say(`${options.learners} learners for ${options.seconds} s on ${options.instances} instance(s)${options.faults ? ", with faults" : ""}; fresh database in ${dataDir}`);
const db = await startFreshDatabase(dataDir, PG_PORT);
const fake = await startFakeOpenAi({ latencyMs: options.modelLatencyMs, port: MODEL_PORT });
const processes: ManagedProcess[] = [];
let exitCode = 1;

try {
  const { learners, probe } = await prepareDatabase(db.url, options.learners);
  say(`migrated, seeded, ${learners.length} learners created`);

  const env = appEnv({ databaseUrl: db.url, poolMax: options.poolMax, modelUrl: fake.url });
  const webs = WEB_PORTS.slice(0, options.instances).map((port, i) => webServer(i + 1, port, env, dataDir));
  const workers = Array.from({ length: options.instances }, (_, i) => workerProcess(i + 1, env, dataDir));
  processes.push(...webs, ...workers);
  await Promise.all(processes.map((p) => p.start()));
  const baseUrls = webs.map(baseUrlOf);
  say(`web on ${baseUrls.join(" and ")}; ${workers.length} worker(s); fake model ${options.modelLatencyMs} ms per call`);

  const client = new LoadClient(options.maxInFlight);
  const side = new LoadClient(8); // the admin and the probe: counted apart from the learners' traffic
  const ledger = new Ledger();
  const unexpected: string[] = [];
  const problems: string[] = [];
  const runMs = options.seconds * 1000;
  const startedAt = Date.now();
  const until = startedAt + runMs;
  const retryUntil = until + 30_000;

  const limitStatuses = await probeLoginRateLimit(side, baseUrls, probe, retryUntil);
  const token = await adminToken(side, baseUrls[0]!, retryUntil);
  // Topics over the first half, the last a few seconds before the faults (its courses are mid-generation then).
  const topicTimes = Array.from({ length: options.topics }, (_, i) => (options.topics === 1 ? 0 : (i * 0.45 * runMs) / (options.topics - 1)));
  const runId = randomBytes(3).toString("hex");
  const topicsCreated = createTopicsOnSchedule(side, baseUrls, token, startedAt, topicTimes, runId, retryUntil, problems);

  const faultLog: string[] = [];
  const faults = options.faults
    ? (async () => {
        await sleep(startedAt + runMs / 2 - Date.now());
        const web = webs[0]!;
        const worker = workers[0]!;
        const killedAt = Date.now();
        await Promise.all([web.kill9(), worker.kill9()]);
        faultLog.push(`t=${((killedAt - startedAt) / 1000).toFixed(1)} s: kill -9 ${web.name} and ${worker.name}`);
        await sleep(3000);
        await Promise.all([web.start(), worker.start()]);
        faultLog.push(`t=${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${web.name} and ${worker.name} restarted and ready (${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill)`);
      })()
    : Promise.resolve();

  const keyPool = new Pool({ connectionString: db.url, max: 2 });
  watchPoolConnections(keyPool);
  const answerKey = new AnswerKey(keyPool);
  const contexts: LearnerContext[] = baseUrls.map((baseUrl) => ({ client, ledger, baseUrl, until, retryUntil, thinkMs: options.thinkMs, unexpected, answerKey }));
  await Promise.all(learners.map((account, i) => new Learner(account, contexts[i % contexts.length]!).run())).finally(() => keyPool.end());
  const elapsed = (Date.now() - startedAt) / 1000;
  await faults;
  const topicIds = await topicsCreated;
  say(`learners done after ${elapsed.toFixed(1)} s; waiting for generation to finish`);

  const pool = new Pool({ connectionString: db.url, max: 2 });
  watchPoolConnections(pool);
  try {
    const deadline = Date.now() + GENERATION_DEADLINE_MS;
    for (;;) {
      const { rows } = await pool.query<{ total: number; pending: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE generation_status IN ('pending', 'running'))::int AS pending
         FROM courses WHERE topic_id = ANY($1::int[])`,
        [topicIds],
      );
      const { rows: jobs } = await pool.query<{ open: number }>(
        "SELECT count(*)::int AS open FROM pgboss.job WHERE name LIKE 'generat%' AND state < 'completed'",
      );
      if ((rows[0]!.total >= topicIds.length && rows[0]!.pending === 0 && jobs[0]!.open === 0) || Date.now() > deadline) break;
      await sleep(500);
    }
    const waited = (GENERATION_DEADLINE_MS - (deadline - Date.now())) / 1000;
    say(`generation settled ${waited.toFixed(1)} s after the learners stopped`);

    printTraffic(client, elapsed);
    console.log(`\nAdmin and probe: ${[...side.statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
    for (const line of faultLog) console.log(`Fault: ${line}`);
    if (ledger.writesRetried) console.log(`Writes sent again after getting no answer: ${ledger.writesRetried}`);

    const serverErrors = [...client.statuses, ...side.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const timeouts = (client.unanswered.get("timeout") ?? 0) + (side.unanswered.get("timeout") ?? 0);
    const unanswered = [...client.unanswered.values()].reduce((a, b) => a + b, 0);
    const crashes = processes.flatMap((p) => p.crashes);
    const expectedLimit = [...Array(10).fill(401), 429];
    const userIds = learners.map((l) => l.id);
    const generation = await checkGeneration(pool, topicIds, options.topics, options.faults);
    console.log(`Generation: learners enrolled ${generation.enrolmentsInNewCourses} times in courses generated during the run; ${generation.retriedJobs} jobs retried, ${generation.repeatedCalls} model calls repeated`);
    const checks: Check[] = [
      { name: "no 5xx answers", ok: serverErrors === 0, detail: `${serverErrors} of ${client.totalAnswered() + side.totalAnswered()}` },
      { name: "no request hung (30 s timeout)", ok: timeouts === 0, detail: `${timeouts} timed out` },
      {
        name: options.faults ? "connection errors only while a server was down" : "every request answered",
        ok: options.faults || unanswered === 0,
        detail: `${unanswered} attempts without an answer, retried`,
      },
      { name: "no unexpected 4xx for the learners' valid requests", ok: unexpected.length === 0, detail: `${unexpected.length}${unexpected.length ? ` e.g. ${unexpected.slice(0, 3).join(" | ")}` : ""}` },
      { name: "admin requests succeeded", ok: problems.length === 0, detail: problems.length ? problems.join("; ") : `${topicIds.length} topics created` },
      {
        name: `log-in limit holds across ${baseUrls.length} instance(s): 10 failures then 429`,
        ok: JSON.stringify(limitStatuses) === JSON.stringify(expectedLimit),
        detail: `statuses ${limitStatuses.join(" ")}`,
      },
      { name: "no app process crashed", ok: crashes.length === 0, detail: crashes.length ? crashes.join("; ") : `${processes.length} processes` },
      ...(await checkEnrolments(pool, ledger, userIds)),
      ...(await checkQuizAttempts(pool, ledger, userIds)),
      await checkNoDuplicates(pool),
      ...generation.checks,
    ];
    if (printChecks(checks)) exitCode = 0;
  } finally {
    await pool.end();
  }
} catch (error) {
  console.error("[load] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await Promise.all(processes.map((p) => p.close()));
  await fake.close();
  await db.stop();
  if (exitCode === 0 && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
  else say(`logs kept in ${dataDir}/logs`);
}
process.exit(exitCode);
