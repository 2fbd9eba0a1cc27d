/*
 * The server Playwright tests run against: a production build (`npm run build` first) on a
 * fresh embedded database under .data/e2e, started through the same stack script as `npm start`.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(".data", "e2e");
rmSync(dataDir, { recursive: true, force: true });

// Never run e2e tests against a developer's or self-hoster's DATABASE_URL: only E2E_DATABASE_URL, or embedded.
const { E2E_DATABASE_URL, ...env } = process.env;
delete env.DATABASE_URL;
const child = spawn(process.execPath, ["--import", "tsx", "scripts/stack.ts", "start"], {
  stdio: "inherit",
  env: { ...env, ...(E2E_DATABASE_URL ? { DATABASE_URL: E2E_DATABASE_URL } : {}), NODE_ENV: "production", DATA_DIR: dataDir },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
