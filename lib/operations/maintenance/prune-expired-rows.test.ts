import { like, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { rateLimits, sessions, users, verifications } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { startTestBoss } from "../../../tests/harness/boss";
import { startJobRunner } from "../../platform/jobs/runner";
import { PRUNE_CRON, pruneExpiredRowsJob } from "./jobs/prune-expired-rows";

/*
 * rate_limits, verifications and sessions stay bounded: a pg-boss schedule runs the prune job, which
 * deletes rows whose window is over and keeps every row that still counts.
 */

let boss: PgBoss;

beforeAll(async () => {
  boss = await startTestBoss({ cron: true });
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
});

const minutesAgo = (m: number) => sql`now() - make_interval(mins => ${m})`;

async function insertRows(tag: string) {
  await getDb()
    .insert(rateLimits)
    .values([
      { key: `${tag}:expired`, windowStart: minutesAgo(2 * 60), count: 3 },
      { key: `${tag}:live`, windowStart: minutesAgo(5), count: 3 },
    ]);
  await getDb()
    .insert(verifications)
    .values([
      { identifier: `${tag}-expired`, value: "x:0", expiresAt: minutesAgo(60) },
      { identifier: `${tag}-live`, value: "x:0", expiresAt: minutesAgo(-5) },
      // A lock outlives its code: it stays until its own end.
      { identifier: `${tag}-lock`, value: "locked", expiresAt: minutesAgo(-10) },
    ]);
  const [user] = await getDb().select({ id: users.id }).from(users).limit(1);
  await getDb()
    .insert(sessions)
    .values([
      { token: `${tag}-expired`, userId: user!.id, expiresAt: minutesAgo(1) },
      { token: `${tag}-live`, userId: user!.id, expiresAt: minutesAgo(-60) },
    ]);
}

async function remaining(tag: string) {
  const limits = await getDb().select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `${tag}:%`));
  const codes = await getDb().select({ identifier: verifications.identifier }).from(verifications).where(like(verifications.identifier, `${tag}-%`));
  const sessionRows = await getDb().select({ token: sessions.token }).from(sessions).where(like(sessions.token, `${tag}-%`));
  return { limits: limits.map((r) => r.key).sort(), codes: codes.map((r) => r.identifier).sort(), sessions: sessionRows.map((r) => r.token) };
}

describe("pruning expired rows", () => {
  it("the worker schedules the prune job with pg-boss cron", async () => {
    await startJobRunner(boss, [pruneExpiredRowsJob], getEnv());
    const schedule = await boss.getSchedule(pruneExpiredRowsJob.name);
    expect(schedule?.cron).toBe(PRUNE_CRON);
  });

  it("on schedule, expired rate-limit windows, dead codes and expired sessions go, and live ones stay", async () => {
    const tag = `prune-${Date.now()}`;
    await insertRows(tag);
    expect((await remaining(tag)).codes).toHaveLength(3);
    // The same job with a rule that fires every 2 seconds instead of every 10 minutes.
    const everyTwoSeconds = { ...pruneExpiredRowsJob, policy: () => ({ ...pruneExpiredRowsJob.policy(), schedule: "FREQ=SECONDLY;INTERVAL=2" }) };
    await startJobRunner(boss, [everyTwoSeconds], getEnv());
    const deadline = Date.now() + 20_000;
    while ((await remaining(tag)).limits.length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await remaining(tag)).toEqual({
      limits: [`${tag}:live`],
      codes: [`${tag}-live`, `${tag}-lock`],
      sessions: [`${tag}-live`],
    });
    const [ran] = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${pruneExpiredRowsJob.name} AND state = 'completed'`).then((r) => r.rows);
    expect(ran!.n).toBeGreaterThanOrEqual(1);
  });
});
