import { join, resolve } from "node:path";
import { Client } from "pg";
import { watchClient } from "../../db/connection-errors";

export const APP_DATABASE = "learnpath";

export type ResolvedDatabase = {
  url: string;
  embedded: boolean;
  /** Stops the embedded server if this process started it; a no-op otherwise. */
  stop: () => Promise<void>;
  /** The same, once its clients have ended their sessions (scripts/lib/embedded-postgres.ts). */
  stopAfterClients: (timeoutMs: number) => Promise<void>;
};

export function embeddedSettings(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new Error(`EMBEDDED_PG_PORT: must be a port number between 1024 and 65535 (got "${env.EMBEDDED_PG_PORT}")`);
  }
  return { port, dataDir: join(resolve(env.DATA_DIR ?? ".data"), "postgres") };
}

async function canConnect(url: string): Promise<boolean> {
  const client = watchClient(new Client({ connectionString: url, connectionTimeoutMillis: 1500 }));
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function ensureDatabaseExists(serverUrl: string, name: string): Promise<string> {
  const client = watchClient(new Client({ connectionString: serverUrl }));
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR (default .data/):
 * reused if this app's stack already runs it, started here if not.
 */
export async function resolveDatabase(log: (line: string) => void = () => undefined): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => undefined, stopAfterClients: async () => undefined };
  }
  const { port, dataDir } = embeddedSettings();
  const { startEmbeddedPostgres } = await import("./embedded-postgres");
  const server = await startEmbeddedPostgres({ dataDir, port, log }).catch(async (error: Error) => {
    // Already running (another stack owns it)? Then share it instead of failing.
    const { readFileSync, existsSync } = await import("node:fs");
    const passwordFile = `${dataDir}.password`;
    if (existsSync(passwordFile)) {
      const password = readFileSync(passwordFile, "utf8").trim();
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      if (await canConnect(url)) return { url, stop: async () => undefined, stopAfterClients: async () => undefined };
    }
    throw error;
  });
  const url = await ensureDatabaseExists(server.url, APP_DATABASE);
  return { url, embedded: true, stop: server.stop, stopAfterClients: server.stopAfterClients };
}
