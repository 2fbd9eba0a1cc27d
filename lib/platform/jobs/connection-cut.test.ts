import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "../../../db/client";
import { startTestBoss } from "../../../tests/harness/boss";
import { sideConnection, uncaughtErrors, type SideConnection } from "../../../tests/harness/cut-connection";
import { captureLog } from "../../../tests/harness/log";
import { pollUntil } from "../../../tests/harness/poll";
import { getEnv } from "../env";
import type { JobDefinition } from "./definition";
import { startJobRunner } from "./runner";
import { sendJob } from "./send";

/*
 * A job whose connection is cut in the middle of its transaction (PostgreSQL going away under a
 * running handler) fails that try like any other failure, in the worker process that keeps
 * running, and is retried under its policy; the retry's work is written once.
 */

const LOCK = 40_402;
const markPayload = z.object({ mark: z.string() });

const markJob = {
  name: "test-connection-cut",
  schema: markPayload,
  policy: () => ({ queue: "standard", retryLimit: 2, retryDelay: 1, concurrency: 1, pollSeconds: 0.5 }),
  handler: async ({ mark }, { retryCount }) => {
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO connection_cut_marks (mark, try) VALUES (${mark}, ${retryCount})`);
      // The first try waits here, inside its transaction, when its connection is cut.
      await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${LOCK})`));
    });
  },
} satisfies JobDefinition<"test-connection-cut", z.infer<typeof markPayload>>;

let boss: PgBoss;
let side: SideConnection;
let log: ReturnType<typeof captureLog>;

beforeAll(async () => {
  log = captureLog();
  await getDb().execute(sql`CREATE TABLE connection_cut_marks (mark text NOT NULL, try int NOT NULL)`);
  side = await sideConnection();
  boss = await startTestBoss();
  await startJobRunner(boss, [markJob], getEnv());
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await side.close();
  log.restore();
});

describe("a job whose connection is cut mid-transaction", () => {
  it("fails that try without taking the process down, is retried under its policy and writes its work once", async () => {
    const uncaught = uncaughtErrors();
    try {
      await side.client.query("SELECT pg_advisory_lock($1)", [LOCK]);
      const id = await sendJob(markJob, { mark: "cut" });
      try {
        await side.terminate(await side.waiterOn(`%pg_advisory_xact_lock(${LOCK})%`));
      } finally {
        await side.client.query("SELECT pg_advisory_unlock($1)", [LOCK]);
      }
      const [job] = await pollUntil(
        "the retry to complete",
        async () => (await getDb().execute<{ state: string; retry_count: number }>(sql`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = ${id}`)).rows,
        (rows) => rows[0]?.state === "completed",
      );
      expect(job?.retry_count).toBe(1);
      // The cut try's insert rolled back with its transaction; the retry's is the one row.
      const { rows } = await getDb().execute<{ try: number }>(sql`SELECT try FROM connection_cut_marks WHERE mark = 'cut'`);
      expect(rows).toEqual([{ try: 1 }]);
      expect(log.lines().find((line) => line.job_id === id && line.msg === "job failed; it will be retried")).toBeDefined();
      expect(uncaught.errors).toEqual([]);
    } finally {
      uncaught.stop();
    }
  });
});
