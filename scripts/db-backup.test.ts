import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { TEST_ADMIN } from "../tests/harness/global-setup";
import { inCi, missingToolInCi } from "./lib/missing-tool";
import { findPgTool, serverMajor } from "./lib/pg-tools";

/*
 * `npm run db:backup` and `npm run db:restore`, run as an operator runs them: back up the test
 * database, change it, restore the backup into a fresh database and find the old rows there;
 * refuse to restore over tables without --clean, and with --clean put the changed database back.
 */

const dir = mkdtempSync(join(tmpdir(), "learnpath-backup-"));
const backup = join(dir, "learnpath.dump");
const original = process.env.DATABASE_URL!;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What is missing, and how to get it, when no pg_dump/pg_restore can work with the test server (README: Requirements). */
async function missingPgTools(): Promise<string | null> {
  const major = await serverMajor(inject("databaseServerUrl"));
  try {
    for (const tool of ["pg_dump", "pg_restore"] as const) await findPgTool(tool, major);
    return null;
  } catch (error) {
    return `${(error as Error).message} Or build them with .ci/postgresql-client.sh (as CI does).`;
  }
}
const pgToolsMissing = await missingPgTools();

function runScript(script: string, args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (data) => (output += data));
    child.stderr.on("data", (data) => (output += data));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `learnpath_test_restore_${randomBytes(4).toString("hex")}`;
  await query(inject("databaseServerUrl"), `CREATE DATABASE "${name}"`);
  const url = new URL(inject("databaseServerUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the checks compare: the admin's name, a topic's title, and how many rows a few tables hold (a partitioned one too). */
async function snapshot(url: string) {
  const [admin] = await query<{ first_name: string }>(url, "SELECT first_name FROM users WHERE email = $1", [TEST_ADMIN.email]);
  const [topic] = await query<{ title: string }>(url, "SELECT title FROM topics ORDER BY id LIMIT 1");
  const [counts] = await query<{ users: number; topics: number; courses: number; questions: number; migrations: number; events: number }>(
    url,
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM topics) AS topics,
            (SELECT count(*)::int FROM courses) AS courses, (SELECT count(*)::int FROM quiz_questions) AS questions,
            (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
            (SELECT count(*)::int FROM backup_test_events) AS events`,
  );
  return { adminName: admin?.first_name, topicTitle: topic?.title, ...counts! };
}

it("backs up the database and restores it into a fresh one; --clean replaces a changed one", { timeout: 120_000 }, async (context) => {
  if (pgToolsMissing) {
    if (inCi) throw missingToolInCi(pgToolsMissing);
    context.skip(pgToolsMissing);
  }
  // A partitioned table, as pg-boss keeps its queue statistics: pg_restore --clean cannot drop one.
  await query(original, "CREATE TABLE backup_test_events (id int, day date, PRIMARY KEY (id, day)) PARTITION BY RANGE (day)");
  await query(original, "CREATE TABLE backup_test_events_2026 PARTITION OF backup_test_events FOR VALUES FROM ('2026-01-01') TO ('2027-01-01')");
  await query(original, "INSERT INTO backup_test_events VALUES (1, '2026-03-01'), (2, '2026-04-01')");
  const before = await snapshot(original);
  expect(before.topics).toBeGreaterThan(0);
  expect(before.questions).toBeGreaterThan(0);

  const backedUp = await runScript("scripts/db-backup.ts", ["--out", backup], original);
  expect(backedUp.output).toContain("backed up the database");
  expect(backedUp.code).toBe(0);
  expect(existsSync(backup)).toBe(true);
  expect(existsSync(`${backup}.partial`)).toBe(false);

  // Changes after the backup.
  await query(original, "UPDATE users SET first_name = 'Changed' WHERE email = $1", [TEST_ADMIN.email]);
  await query(original, "UPDATE topics SET title = 'Changed topic' WHERE id = (SELECT min(id) FROM topics)");
  await query(original, "DELETE FROM quiz_questions WHERE id IN (SELECT id FROM quiz_questions ORDER BY id LIMIT 5)");
  await query(original, "DELETE FROM backup_test_events WHERE id = 1");
  expect(await snapshot(original)).not.toEqual(before);

  const fresh = await freshDatabase();
  const restored = await runScript("scripts/db-restore.ts", ["--in", backup], fresh);
  expect(restored.output).toContain("restored");
  expect(restored.code).toBe(0);
  expect(await snapshot(fresh)).toEqual(before);

  // Over existing tables only with --clean.
  const refused = await runScript("scripts/db-restore.ts", ["--in", backup], original);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("--clean");
  expect((await snapshot(original)).adminName).toBe("Changed");
  // A damaged backup is found out before anything is dropped.
  const damaged = join(dir, "damaged.dump");
  writeFileSync(damaged, readFileSync(backup).subarray(0, 2000));
  const refusedDamaged = await runScript("scripts/db-restore.ts", ["--in", damaged, "--clean"], original);
  expect(refusedDamaged.code).toBe(1);
  expect(refusedDamaged.output).not.toContain("emptied");
  expect((await snapshot(original)).adminName).toBe("Changed");

  const cleaned = await runScript("scripts/db-restore.ts", ["--in", backup, "--clean"], original);
  expect(cleaned.code).toBe(0);
  expect(await snapshot(original)).toEqual(before);
});

it("fails without writing a file when the database cannot be reached", { timeout: 60_000 }, async () => {
  const unreachable = new URL(original);
  unreachable.pathname = "/learnpath_test_does_not_exist";
  const out = join(dir, "never.dump");
  const result = await runScript("scripts/db-backup.ts", ["--out", out], unreachable.toString());
  expect(result.code).toBe(1);
  expect(result.output).toContain("backup failed");
  expect(existsSync(out)).toBe(false);
  expect(existsSync(`${out}.partial`)).toBe(false);
});
