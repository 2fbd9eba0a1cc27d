import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBoss } from "../tests/harness/boss";
import { getEnv } from "../lib/platform/env";
import { allJobs } from "./job-registry";
import { startJobRunner } from "../lib/platform/jobs/runner";
import { SEND_REMINDERS_CRON, sendRemindersJob } from "../lib/practice/reminders/jobs/send-reminders";

/* The reminder pass itself is tested on a fixed clock in tests/api/reminders.test.ts; here, that the worker schedules it. */

let boss: PgBoss;

beforeAll(async () => {
  boss = await startTestBoss({ cron: true });
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
});

it("the worker runs send-reminders every quarter hour, on pg-boss cron", async () => {
  expect(allJobs).toContain(sendRemindersJob);
  await startJobRunner(boss, [sendRemindersJob], getEnv());
  expect((await boss.getSchedule(sendRemindersJob.name))?.cron).toBe(SEND_REMINDERS_CRON);
});
