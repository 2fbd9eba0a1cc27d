import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

/*
 * A production build served by `scripts/stack.ts start` (web + worker) on its own embedded
 * PostgreSQL under .data/<name>, freshly seeded, for the benchmarks. No model is configured, so
 * the worker idles and the numbers are the web app's alone.
 */

export const BENCH_ADMIN = { email: "admin@bench.learnpath.test", password: "bench-admin-password" };
export const BENCH_LEARNER = { email: "learner@bench.learnpath.test", password: "bench-learner-password" };

export type ProductionApp = { url: string; databaseUrl: () => Promise<string>; stop: () => Promise<void> };

export function assertProductionBuild(): void {
  if (!existsSync(join(".next", "BUILD_ID"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `databaseUrl`: serve that database (left as it is) instead of a freshly seeded embedded one. */
/** `env`: more settings for the app (e.g. a model at a fake server), after the embedded defaults. */
export async function startProductionApp(options: { name: string; port: number; pgPort: number; quiet?: boolean; databaseUrl?: string; env?: Record<string, string> }): Promise<ProductionApp> {
  const dataDir = resolve(".data", options.name);
  rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${options.port}`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  for (const key of Object.keys(env)) if (key.startsWith("OPENAI_")) delete env[key];
  const child = spawn(process.execPath, ["dist/stack.mjs", "start"], {
    stdio: ["ignore", options.quiet ? "ignore" : "inherit", "inherit"],
    env: {
      ...env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(options.port),
      APP_URL: url,
      EMBEDDED_PG_PORT: String(options.pgPort),
      SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
      SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
      SEED_LEARNER_EMAIL: BENCH_LEARNER.email,
      SEED_LEARNER_PASSWORD: BENCH_LEARNER.password,
      ...options.env,
    },
  });
  await waitForHttp(`${url}/about`, child, 180_000);

  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const force = setTimeout(() => child.kill("SIGKILL"), 20_000);
      child.once("exit", () => {
        clearTimeout(force);
        done();
      });
      child.kill("SIGTERM");
    });

  // The stack keeps the embedded server's password beside its data folder.
  const databaseUrl = async () => {
    if (options.databaseUrl) return options.databaseUrl;
    const password = readFileSync(join(dataDir, "postgres.password"), "utf8").trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.pgPort}/learnpath`;
  };
  return { url, databaseUrl, stop };
}
