// `npm run db:backup -- --out backup.dump`: the whole database (DATABASE_URL, or the embedded one
// under .data/) in pg_dump's custom format, which `npm run db:restore` reads. The file appears only
// once the dump is complete: a failed run leaves no half-written backup behind.
import { renameSync, rmSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";
import { findPgTool, runTool, serverMajor, toolConnection } from "./lib/pg-tools";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("usage: npm run db:backup -- --out <file.dump>");
  process.exit(2);
}
const out = values.out;
const partial = `${out}.partial`;

loadDotEnv();
const database = await resolveDatabase();
try {
  const pgDump = await findPgTool("pg_dump", await serverMajor(database.url));
  const { dbname, env } = toolConnection(database.url);
  await runTool(pgDump, ["--format=custom", `--file=${partial}`, `--dbname=${dbname}`], env);
  renameSync(partial, out);
  console.log(`backed up the database to ${out} (${(statSync(out).size / 1024).toFixed(0)} kB)`);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
