import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedStatement, getDb, runFixed } from "./client";

/*
 * runFixed reaches the node-postgres client under Drizzle's session: these fail first if an
 * upgrade of Drizzle moves it, or if a fixed statement stopped running in its caller's transaction.
 */

const BACKEND = fixedStatement("client_test_backend", "SELECT pg_backend_pid() AS pid, $1::int AS echoed");

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
    });
  });

  it("refuses a second text under a name already taken", () => {
    expect(() => fixedStatement("client_test_backend", "SELECT 1")).toThrow(/declared twice/);
    expect(fixedStatement("client_test_backend", "SELECT pg_backend_pid() AS pid, $1::int AS echoed")).toEqual(BACKEND);
  });
});
