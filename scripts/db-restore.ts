// `npm run db:restore -- --in backup.dump [--clean]`: a backup from `npm run db:backup` into
// DATABASE_URL (or the embedded database under .data/), in one transaction: it is restored
// whole or not at all. A database that already holds tables is refused unless --clean, which
// empties it first (drops every schema; stop the app and the worker before). pg_restore's own
// --clean cannot do that here: it drops constraints one by one, which PostgreSQL refuses for the
// partitions of pg-boss's partitioned tables. The archive is read through before anything is
// dropped. Ownership and grants are not restored: the restoring user owns everything, so a backup
// moves between installations whose database users differ.
import { existsSync } from "node:fs";
import { devNull } from "node:os";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { watchClient } from "../db/connection-errors";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";
import { findPgTool, runTool, serverMajor, toolConnection } from "./lib/pg-tools";

const { values } = parseArgs({ options: { in: { type: "string" }, clean: { type: "boolean", default: false } } });
if (!values.in) {
  console.error("usage: npm run db:restore -- --in <file.dump> [--clean]");
  process.exit(2);
}
const file = values.in;
if (!existsSync(file)) {
  console.error(`restore failed: ${file} does not exist`);
  process.exit(1);
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = watchClient(new Client({ connectionString: url }));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  });
}

/** Drops every schema of the database (tables, pg-boss's queues, the migration history) and leaves an empty public one. */
async function emptyDatabase(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query("BEGIN");
    const { rows } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema'",
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    await client.query("CREATE SCHEMA public");
    await client.query("COMMIT");
  });
}

loadDotEnv();
const database = await resolveDatabase();
let emptied = false;
try {
  if (!values.clean && (await tableCount(database.url)) > 0) {
    throw new Error("the database already holds tables; stop the app and the worker, then run again with --clean to replace them");
  }
  const pgRestore = await findPgTool("pg_restore", await serverMajor(database.url));
  const { dbname, env } = toolConnection(database.url);
  if (values.clean) {
    // A file pg_restore cannot read (truncated, not a backup) stops here, before anything is dropped.
    await runTool(pgRestore, ["--list", `--file=${devNull}`, file], env);
    await emptyDatabase(database.url);
    emptied = true;
  }
  await runTool(pgRestore, ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${dbname}`, file], env);
  console.log(`restored ${file} into the database`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : error}`);
  if (emptied) console.error("the database was emptied for the restore and is empty now; run the restore again (no --clean needed)");
  process.exitCode = 1;
} finally {
  await database.stop();
}
