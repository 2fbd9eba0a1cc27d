// `npm run db:restore -- --in backup.dump [--clean]`: a backup from `npm run db:backup` into
// DATABASE_URL (or the embedded database under .data/), in one transaction: it is restored
// whole or not at all. A database that already holds tables is refused unless --clean, which
// drops the backup's objects before re-creating them (stop the app and the worker first).
// Ownership and grants are not restored: the restoring user owns everything, so a backup moves
// between installations whose database users differ.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { Client } from "pg";
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

async function tableCount(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

loadDotEnv();
const database = await resolveDatabase();
try {
  if (!values.clean && (await tableCount(database.url)) > 0) {
    throw new Error("the database already holds tables; stop the app and the worker, then run again with --clean to replace them");
  }
  const pgRestore = await findPgTool("pg_restore", await serverMajor(database.url));
  const { dbname, env } = toolConnection(database.url);
  const args = ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", ...(values.clean ? ["--clean", "--if-exists"] : []), `--dbname=${dbname}`, file];
  await runTool(pgRestore, args, env);
  console.log(`restored ${file} into the database`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
