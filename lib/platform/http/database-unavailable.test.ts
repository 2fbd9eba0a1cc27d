import { DrizzleQueryError } from "drizzle-orm/errors";
import { Client, DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { watchClient } from "../../../db/connection-errors";
import { sideConnection } from "../../../tests/harness/cut-connection";
import { freePort } from "../../../tests/harness/free-port";
import { isDatabaseUnavailable } from "./database-unavailable";

async function refusedConnection(): Promise<unknown> {
  const client = new Client({ host: "127.0.0.1", port: await freePort(), connectionTimeoutMillis: 2000 });
  return client.connect().then(
    () => new Error("connected to a closed port?"),
    (error: unknown) => error,
  );
}

function serverError(code: string, message: string): DatabaseError {
  const error = new DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

describe("isDatabaseUnavailable", () => {
  it("recognises PostgreSQL being down, also inside drizzle's query error", async () => {
    const refused = await refusedConnection();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], refused as Error))).toBe(true);
    expect(isDatabaseUnavailable(serverError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(serverError("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("recognises a statement sent on a connection cut earlier (a transaction's ROLLBACK after the cut)", async () => {
    const side = await sideConnection();
    const client = watchClient(new Client({ connectionString: process.env.DATABASE_URL }));
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await side.terminate(rows[0]!.pid);
      await side.gone(rows[0]!.pid);
      const failure = await client.query("ROLLBACK").then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError("rollback", [], failure as Error))).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
      await side.close();
    }
  });

  it("leaves real bugs and rule violations alone (they stay 500 or their own status)", () => {
    expect(isDatabaseUnavailable(serverError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError("selec 1", [], serverError("42601", "syntax error")))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
