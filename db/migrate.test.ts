import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { MIGRATIONS_FOLDER, runMigrations } from "./migrate";

describe("runMigrations", () => {
  it("is a no-op on an up-to-date database, even when several processes run it at once", async () => {
    const url = process.env.DATABASE_URL!;
    const before = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    const after = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(before.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });
});

describe("migration 0009 (passwords move to Better Auth)", () => {
  it("moves every password into a Better Auth credential account, and the users column goes", async () => {
    // A database of its own, migrated up to 0008 with a user who has a password and one who has none.
    const name = `learnpath_test_m0009_${process.pid}_${Date.now()}`;
    await getDb().execute(sql.raw(`CREATE DATABASE "${name}"`));
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const upTo0008 = mkdtempSync(join(tmpdir(), "migrations-0008-"));
    cpSync(MIGRATIONS_FOLDER, upTo0008, { recursive: true, filter: (path) => !/0009_|0009_snapshot/.test(path) });
    const journalPath = join(upTo0008, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 8) }));
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await runMigrations(url.toString(), upTo0008);
      await client.query(
        `INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('P', 'W', 'with@example.com', '$argon2id$v=19$m=19456,t=2,p=1$x$y'), ('O', 'P', 'oidc@example.com', '')`,
      );
      await runMigrations(url.toString());
      const { rows } = await client.query(
        `SELECT u.email, a.provider_id, a.account_id = u.id::text AS same_id, a.password FROM users u LEFT JOIN accounts a ON a.user_id = u.id ORDER BY u.email`,
      );
      expect(rows).toEqual([
        { email: "oidc@example.com", provider_id: null, same_id: null, password: null },
        { email: "with@example.com", provider_id: "credential", same_id: true, password: "$argon2id$v=19$m=19456,t=2,p=1$x$y" },
      ]);
      const column = await client.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'password_hash'`);
      expect(column.rows).toEqual([]);
    } finally {
      await client.end();
      await getDb().execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  });
});
