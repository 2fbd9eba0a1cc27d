import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { ensureDatabaseExists, APP_DATABASE } from "../lib/database";
import { startEmbeddedPostgres, type EmbeddedServer } from "../lib/embedded-postgres";
import { ManagedProcess, whenOutputMatches, whenUrlAnswers } from "./process";
import { PRODUCTION_WORKER_ENTRY, productionWebArgs } from "../lib/web-command";

/*
 * The app as `npm start` runs it, taken apart so the load and fault scripts can run several web
 * servers and workers on one embedded PostgreSQL, kill any of them, and stop PostgreSQL itself:
 * a fresh data directory, the production build (server/index.ts), and `worker/index.ts`.
 */

export function assertProductionBuild(): void {
  if (!existsSync(resolve(".next", "BUILD_ID"))) {
    console.error("No production build in .next: run `npm run build` first.");
    process.exit(1);
  }
}

export type Database = {
  /** The app database's URL. */
  url: string;
  dataDir: string;
  /** Stops PostgreSQL (fast shutdown: open connections are terminated). */
  stop: () => Promise<void>;
  /** Starts it again on the same data and port. */
  start: () => Promise<void>;
};

/** A fresh embedded PostgreSQL under `dataDir` (anything there before is deleted). */
export async function startFreshDatabase(dataDir: string, port: number): Promise<Database> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(join(dataDir, "logs"), { recursive: true });
  const pgDir = join(dataDir, "postgres");
  let server: EmbeddedServer | null = await startEmbeddedPostgres({ dataDir: pgDir, port });
  const url = await ensureDatabaseExists(server.url, APP_DATABASE);
  return {
    url,
    dataDir,
    stop: async () => {
      await server?.stop();
      server = null;
    },
    start: async () => {
      server ??= await startEmbeddedPostgres({ dataDir: pgDir, port });
    },
  };
}

export type AppEnvOptions = {
  databaseUrl: string;
  poolMax: number;
  modelUrl?: string;
  modelTimeoutMs?: number;
  /** Where account e-mails go (an SMTP capture); unset, they stay in the log. */
  smtpUrl?: string;
};

/** The environment every app process gets: production, one secret, fast job supervision. */
export function appEnv(options: AppEnvOptions): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  // Only what a process needs from ours; no OPENAI_* or DATABASE_URL from the caller's shell.
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "TZ"]) if (process.env[key]) env[key] = process.env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: String(options.poolMax),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    // A killed worker's jobs come back after one heartbeat (10 s is the minimum) plus a supervision pass.
    GENERATION_HEARTBEAT_SECONDS: "10",
    GENERATION_SUPERVISE_SECONDS: "2",
    GENERATION_POLL_SECONDS: "0.5",
    GENERATION_RETRY_DELAY_SECONDS: "1",
  });
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  if (options.modelUrl) {
    Object.assign(env, {
      OPENAI_API_KEY: "load-test-key",
      OPENAI_BASE_URL: options.modelUrl,
      OPENAI_MODEL: "fake-model",
      OPENAI_TIMEOUT_MS: String(options.modelTimeoutMs ?? 30_000),
    });
  }
  return env as NodeJS.ProcessEnv;
}

export function webServer(index: number, port: number, env: NodeJS.ProcessEnv, dataDir: string): ManagedProcess {
  const url = `http://127.0.0.1:${port}`;
  return new ManagedProcess({
    name: `web-${index}`,
    args: productionWebArgs(port, "127.0.0.1"),
    env: { ...env, PORT: String(port), APP_URL: url, NEXTAUTH_URL: url },
    logFile: join(dataDir, "logs", `web-${index}.log`),
    ready: whenUrlAnswers(`${url}/about`),
  });
}

export function workerProcess(index: number, env: NodeJS.ProcessEnv, dataDir: string): ManagedProcess {
  return new ManagedProcess({
    name: `worker-${index}`,
    args: [PRODUCTION_WORKER_ENTRY],
    // Its readiness is its "connected to the job queue" line, logged at info.
    env: { ...env, LOG_LEVEL: "info" },
    logFile: join(dataDir, "logs", `worker-${index}.log`),
    ready: whenOutputMatches(/connected to the job queue/),
  });
}

/** The base URL a web process serves. */
export function baseUrlOf(web: ManagedProcess): string {
  return web.spec.env.APP_URL!;
}
