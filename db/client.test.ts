import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedStatement, getDb, getPool, runFixed, type DatabaseOrTransaction } from "./client";
import * as schema from "./schema";

/*
 * runFixed sends a fixed statement on the connection db/ recorded for its executor (the pool, or
 * the client db/ checked out for a transaction): these fail if a fixed statement stopped running
 * in its caller's transaction, or if an upgrade of Drizzle stopped opening transactions as db/
 * expects (on the one client it is given).
 */

const BACKEND = fixedStatement("client_test_backend", "SELECT pg_backend_pid() AS pid, $1::int AS echoed");
const COUNT_ROWS = fixedStatement("client_test_count", "SELECT count(*)::int AS n FROM client_test_rows");
const ADD_ROW = fixedStatement("client_test_add", "INSERT INTO client_test_rows (n) VALUES ($1)");

const rowsOn = async (db: DatabaseOrTransaction) => (await runFixed<{ n: number }>(db, COUNT_ROWS, []))[0]!.n;

beforeAll(async () => {
  await getDb().execute(sql`CREATE TABLE client_test_rows (n int)`);
});

describe("runFixed", () => {
  it("runs on the pool", async () => {
    const [row] = await runFixed<{ pid: number; echoed: number }>(getDb(), BACKEND, [7]);
    expect(row?.echoed).toBe(7);
  });

  it("runs on the transaction's own connection, inside it", async () => {
    await getDb().transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      await tx.execute(sql`CREATE TEMP TABLE client_test_rollback (n int) ON COMMIT DROP`);
      const [row] = await runFixed<{ pid: number }>(tx, BACKEND, [1]);
      expect(row?.pid).toBe(rows[0]!.pid);
      // Seen only inside this transaction, on its connection.
      const seen = await runFixed<{ n: number }>(tx, fixedStatement("client_test_temp", "SELECT count(*)::int AS n FROM client_test_rollback"), []);
      expect(seen[0]?.n).toBe(0);
      // A savepoint runs on the same connection.
      const inner = await tx.transaction(async (sp) => runFixed<{ pid: number }>(sp, BACKEND, [2]));
      expect(inner[0]?.pid).toBe(rows[0]!.pid);
    });
  });

  it("sees the transaction's uncommitted write, which the pool does not, and is rolled back with it", async () => {
    const failed = getDb().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO client_test_rows (n) VALUES (1)`);
      expect(await rowsOn(tx)).toBe(1);
      expect(await rowsOn(getDb())).toBe(0);
      await runFixed(tx, ADD_ROW, [2]);
      expect(await rowsOn(tx)).toBe(2);
      throw new Error("roll back");
    });
    await expect(failed).rejects.toThrow("roll back");
    expect(await rowsOn(getDb())).toBe(0);

    await getDb().transaction(async (tx) => {
      await runFixed(tx, ADD_ROW, [3]);
    });
    expect(await rowsOn(getDb())).toBe(1);
  });

  it("refuses an executor db/ did not make, rather than guess where it runs", async () => {
    await expect(runFixed(drizzle(getPool(), { schema }), BACKEND, [1])).rejects.toThrow(/createDb/);
  });

  it("refuses a second text under a name already taken", () => {
    expect(() => fixedStatement("client_test_backend", "SELECT 1")).toThrow(/declared twice/);
    expect(fixedStatement("client_test_backend", "SELECT pg_backend_pid() AS pid, $1::int AS echoed")).toEqual(BACKEND);
  });
});
