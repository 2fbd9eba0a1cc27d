import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * AUTH_SECRET for zero-setup runs: created once under DATA_DIR and reused, so sessions survive
 * restarts. Set AUTH_SECRET yourself in any shared or public deployment.
 */
export function ensureAuthSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(resolve(env.DATA_DIR ?? ".data"), "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}
