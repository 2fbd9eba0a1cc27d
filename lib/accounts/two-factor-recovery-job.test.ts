import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { twoFactorRecoveries, twoFactors, users } from "../../db/schema";
import { createUser } from "../../tests/harness/http";
import { getEnv } from "../platform/env";
import { startTestBoss } from "../../tests/harness/boss";
import { startJobRunner } from "../platform/jobs/runner";
import { TWO_FACTOR_RECOVERY_CRON, twoFactorRecoveryJob } from "./jobs/two-factor-recovery";

/*
 * The waiting periods of lost authenticators' recoveries are advanced by a pg-boss cron job
 * (docs/product-rules.md, "Two-factor sign-in"); tests/api/two-factor-attacks.test.ts walks the
 * days through advanceRecoveries. Here: the worker schedules it, and a run ends a recovery whose
 * waiting period is over.
 */

let boss: PgBoss;

beforeAll(async () => {
  boss = await startTestBoss({ cron: true });
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
});

/** A learner with a confirmed second factor and a recovery of it that ended a minute ago. */
async function recoveryOverdue() {
  const { user } = await createUser();
  const [factor] = await getDb().insert(twoFactors).values({ userId: user.id, secret: "s", backupCodes: "b", verified: true, confirmedAt: new Date() }).returning({ id: twoFactors.id });
  await getDb().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
  await getDb().insert(twoFactorRecoveries).values({ userId: user.id, twoFactorId: factor!.id, startedAt: ago(3 * 24 * 60), endsAt: ago(1), remindedAt: ago(60), address: "127.0.0.9" });
  return user.id;
}

describe("the two-factor-recovery job", () => {
  it("is scheduled with pg-boss cron", async () => {
    await startJobRunner(boss, [twoFactorRecoveryJob], getEnv());
    expect((await boss.getSchedule(twoFactorRecoveryJob.name))?.cron).toBe(TWO_FACTOR_RECOVERY_CRON);
  });

  it("on schedule, removes the second factor of a recovery whose waiting period is over", async () => {
    const userId = await recoveryOverdue();
    const everyTwoSeconds = { ...twoFactorRecoveryJob, policy: () => ({ ...twoFactorRecoveryJob.policy(), schedule: "FREQ=SECONDLY;INTERVAL=2" }) };
    await startJobRunner(boss, [everyTwoSeconds], getEnv());
    const isOn = async () => (await getDb().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0]!.on;
    const deadline = Date.now() + 20_000;
    while ((await isOn()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await isOn()).toBe(false);
    expect(await getDb().select().from(twoFactors).where(eq(twoFactors.userId, userId))).toEqual([]);
    expect(await getDb().select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, userId))).toEqual([]);
  });
});
