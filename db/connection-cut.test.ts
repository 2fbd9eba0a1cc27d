import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sideConnection, uncaughtErrors, type SideConnection } from "../tests/harness/cut-connection";
import { pollUntil } from "../tests/harness/poll";
import { fixedStatement, getDb, getPool, onConnectionError, runFixed } from "./client";
import { watchClient } from "./connection-errors";

/*
 * A connection cut while a client is checked out of the app's pool (PostgreSQL going away under
 * a running transaction): the error reaches the caller as a rejected promise, never the process
 * as an unhandled 'error' event, the failure is reported once, and the pool serves the next
 * statement on a fresh connection (docs/architecture.md, "When the database goes away").
 */

const LOCK = 40_401;
const WAIT_FOR_LOCK = fixedStatement("connection_cut_wait", `SELECT pg_advisory_xact_lock(${LOCK}) AS waited`);

let side: SideConnection;
let uncaught: ReturnType<typeof uncaughtErrors>;
const reported: Error[] = [];

beforeAll(async () => {
  side = await sideConnection();
  onConnectionError((error) => reported.push(error));
});

afterAll(async () => {
  onConnectionError(() => undefined);
  await side.close();
});

afterEach(() => uncaught.stop());

/** Waits until the pool has let go of every dead client (each one's 'end' has come and gone). */
async function poolSettled() {
  await pollUntil("the dead client to leave the pool", () => getPool().totalCount - getPool().idleCount, (checkedOut) => checkedOut === 0);
  await new Promise((resolve) => setImmediate(resolve));
}

describe("a connection cut under a checked-out client", () => {
  it("fails the transaction waiting on it; the process carries on and the pool serves the next statement", async () => {
    uncaught = uncaughtErrors();
    const before = reported.length;
    await side.client.query("SELECT pg_advisory_lock($1)", [LOCK]);
    try {
      const running = getDb().transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await runFixed(tx, WAIT_FOR_LOCK, []);
      });
      running.catch(() => undefined);
      await side.terminate(await side.waiterOn("%pg_advisory_xact_lock(40401)%"));
      const failure = await running.then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
    } finally {
      await side.client.query("SELECT pg_advisory_unlock($1)", [LOCK]);
    }
    await poolSettled();
    expect(uncaught.errors).toEqual([]);
    expect(reported.length - before).toBe(1);
    const { rows } = await getDb().execute<{ ok: number }>(sql`SELECT 1 AS ok`);
    expect(rows[0]?.ok).toBe(1);
  });

  it("fails the next statement of a transaction idle between statements when its connection is cut", async () => {
    uncaught = uncaughtErrors();
    let failure: unknown = null;
    await getDb()
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
        // Nothing runs on the connection now (as while a handler awaits something else mid-transaction).
        await side.terminate(rows[0]!.pid);
        await side.gone(rows[0]!.pid);
        await tx.execute(sql`SELECT 1`);
      })
      .catch((error: unknown) => (failure = error));
    expect(failure).toBeInstanceOf(Error);
    await poolSettled();
    expect(uncaught.errors).toEqual([]);
    const { rows } = await getDb().execute<{ ok: number }>(sql`SELECT 1 AS ok`);
    expect(rows[0]?.ok).toBe(1);
  });

  it("drops an idle pooled connection that was cut, and reports it once", async () => {
    uncaught = uncaughtErrors();
    const { rows } = await getDb().execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
    const before = reported.length;
    await side.terminate(rows[0]!.pid);
    await pollUntil("the cut to be reported", () => reported.length, (n) => n > before);
    await poolSettled();
    expect(reported.length - before).toBe(1);
    expect(uncaught.errors).toEqual([]);
    const again = await getDb().execute<{ ok: number }>(sql`SELECT 1 AS ok`);
    expect(again.rows[0]?.ok).toBe(1);
  });
});

describe("a connection cut under a dedicated client (migrations, scripts)", () => {
  it("rejects the statement it was running and reports the failure once", async () => {
    uncaught = uncaughtErrors();
    const failures: Error[] = [];
    const client = watchClient(new Client({ connectionString: process.env.DATABASE_URL }), (error) => failures.push(error));
    await client.connect();
    await side.client.query("SELECT pg_advisory_lock($1)", [LOCK]);
    try {
      const running = client.query(`SELECT pg_advisory_lock(${LOCK})`);
      running.catch(() => undefined);
      await side.terminate(await side.waiterOn(`SELECT pg_advisory_lock(${LOCK})`));
      await expect(running).rejects.toThrow();
    } finally {
      await side.client.query("SELECT pg_advisory_unlock($1)", [LOCK]);
    }
    await pollUntil("the end of the connection", () => failures.length, (n) => n > 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toHaveLength(1);
    expect(uncaught.errors).toEqual([]);
    await client.end().catch(() => undefined);
  });
});
