import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { rawRequest } from "./fixtures/raw-http";
import { E2E_PG_PORT, E2E_PORT } from "./fixtures/settings";

/*
 * `npm start` (dist/stack.mjs: embedded PostgreSQL, web app, worker) stopped with SIGTERM, as a
 * service manager or Ctrl-C stops it: the web app and the worker finish first and the database
 * stops last. When the database went down beside them, every open connection was cut
 * ("terminating connection due to administrator command") and the worker died on the error.
 */

test("SIGTERM stops the web app and the worker before the embedded PostgreSQL", async () => {
  test.setTimeout(120_000);
  const port = E2E_PORT + 51;
  const dataDir = resolve(".data", "e2e-stack-shutdown");
  rmSync(dataDir, { recursive: true, force: true });
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // At info: the worker's start and stop are info lines (health checks are logged at debug only).
  const stack = spawn(process.execPath, ["dist/stack.mjs", "start"], {
    env: { ...env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EMBEDDED_PG_PORT: String(E2E_PG_PORT + 51), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  stack.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => stack.on("exit", (code) => done(code)));
  // A stack that cannot start (a port taken, a failed migration) ends the test at once with its output.
  let ready = false;
  const exitedEarly = exited.then((code) => {
    if (!ready) throw new Error(`the stack exited (${code}) before it was ready:\n${output}`);
  });
  try {
    await Promise.race([
      expect.poll(async () => (await rawRequest({ port, path: "/readyz" }).catch(() => ({ status: 0 }))).status, { timeout: 90_000 }).toBe(200),
      exitedEarly,
    ]);
    ready = true;
    await expect.poll(() => output, { timeout: 30_000 }).toContain("connected to the job queue");
    stack.kill("SIGTERM");
    expect(await exited).toBe(143);
  } finally {
    stack.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  expect(output).toMatch(/\[worker\] \{.*"msg":"SIGTERM: finishing running jobs and stopping"/);
  expect(output).toContain("[stack] stopped");
  expect(output).not.toContain("terminating connection due to administrator command");
  expect(output).not.toContain("Unhandled 'error' event");
});
