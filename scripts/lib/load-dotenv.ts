import { existsSync } from "node:fs";

/** Loads .env (if present) for scripts run outside Next.js; real environment variables win. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
