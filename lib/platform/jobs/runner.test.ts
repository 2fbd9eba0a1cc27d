import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "../../../db/client";
import { captureLog } from "../../../tests/harness/log";
import { getEnv } from "../env";
import { startTestBoss } from "../../../tests/harness/boss";
import { pollUntil } from "../../../tests/harness/poll";
import type { JobDefinition } from "./definition";
import { startJobRunner, type RunnerStart } from "./runner";
import { sendJob } from "./send";

/*
 * The runner and sendJob with definitions of their own, on the real pg-boss: the schema guards
 * both ends, a failed try is retried, each log line names its queue and job, and a job this
 * process cannot run stays queued.
 */

const echoPayload = z.object({ n: z.number().int() });
const handled: { n: number; retryCount: number }[] = [];
const failFirstTry = new Set([3]);

const echoJob = {
  name: "test-echo",
  schema: echoPayload,
  policy: () => ({ queue: "standard", retryLimit: 1, retryDelay: 1, concurrency: 2, pollSeconds: 0.5 }),
  handler: async (payload, { retryCount }) => {
    handled.push({ n: payload.n, retryCount });
    if (failFirstTry.has(payload.n) && retryCount === 0) throw new Error("the first try fails");
  },
  describe: ({ n }) => ({ n }),
} satisfies JobDefinition<"test-echo", z.infer<typeof echoPayload>>;

const CANNOT_RUN = "this process cannot run test-waiting";
const waitingJob = {
  ...echoJob,
  name: "test-waiting",
  policy: () => ({ ...echoJob.policy(), unavailable: () => CANNOT_RUN }),
} satisfies JobDefinition<"test-waiting", z.infer<typeof echoPayload>>;

let boss: PgBoss;
let log: ReturnType<typeof captureLog>;
let started: RunnerStart;

beforeAll(async () => {
  log = captureLog();
  boss = await startTestBoss();
  started = await startJobRunner(boss, [echoJob, waitingJob], getEnv());
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  log.restore();
});


async function jobsWith(name: string, n: unknown) {
  const { rows } = await getDb().execute<{ id: string; state: string }>(
    sql`SELECT id::text AS id, state::text AS state FROM pgboss.job WHERE name = ${name} AND data->'n' = ${JSON.stringify(n)}::jsonb`,
  );
  return rows;
}

describe("the job runner", () => {
  it("hands the handler the parsed payload; its lines name the queue, the job and what it works on", async () => {
    const id = await sendJob(echoJob, { n: 1 });
    await pollUntil("the handler", () => handled, (calls) => calls.some((c) => c.n === 1));
    const done = await pollUntil("the done line", () => log.lines().filter((line) => line.msg === "job done" && line.job_id === id), (lines) => lines.length > 0);
    expect(done[0]).toMatchObject({ level: "info", queue: "test-echo", job_id: id, n: 1 });
  });

  it("drops a payload its schema refuses: completed without the handler, never retried", async () => {
    // Written around sendJob, as a job of an older shape would be.
    const id = await boss.send("test-echo", { n: "one" });
    await pollUntil("the job to complete", () => jobsWith("test-echo", "one"), (rows) => rows[0]?.state === "completed");
    expect(handled.some((c) => String(c.n) === "one")).toBe(false);
    expect(log.lines().find((line) => line.job_id === id)).toMatchObject({ level: "error", queue: "test-echo", msg: "invalid payload, dropped" });
  });

  it("retries a handler that throws, and logs the failed try", async () => {
    const id = await sendJob(echoJob, { n: 3 });
    await pollUntil("the retry to complete", () => jobsWith("test-echo", 3), (rows) => rows[0]?.state === "completed");
    expect(handled.filter((c) => c.n === 3).map((c) => c.retryCount)).toEqual([0, 1]);
    expect(log.lines().find((line) => line.job_id === id && line.level === "warn")).toMatchObject({ msg: "job failed; it will be retried", try: 1, retry_limit: 1 });
  });

  it("registers no handler for a job the process cannot run: the job waits, and the log says why", async () => {
    expect(started).toEqual({ running: ["test-echo"], waiting: [{ queue: "test-waiting", reason: CANNOT_RUN }] });
    expect(log.lines().find((line) => line.msg === CANNOT_RUN)).toMatchObject({ level: "warn", queues: ["test-waiting"] });
    await sendJob(waitingJob, { n: 5 });
    expect((await jobsWith("test-waiting", 5)).map((job) => job.state)).toEqual(["created"]);
  });
});

describe("sendJob", () => {
  it("refuses a payload its schema refuses, before anything is queued", async () => {
    await expect(sendJob(echoJob, { n: 1.5 })).rejects.toThrow();
    expect(await jobsWith("test-echo", 1.5)).toEqual([]);
  });

  it("in a transaction, the job goes with it: rolled back, there is no job", async () => {
    const rollback = new Error("roll back");
    await expect(
      getDb().transaction(async (tx) => {
        await sendJob(echoJob, { n: 6 }, { tx });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await jobsWith("test-echo", 6)).toEqual([]);
  });
});
