import type { PgBoss } from "pg-boss";
import { createBoss } from "../../lib/platform/jobs/boss";
import { getEnv } from "../../lib/platform/env";

/**
 * A pg-boss on the test database: with `cron`, its schedules are checked every second (so a test
 * sees a scheduled job run), else it runs no schedules at all.
 */
export async function startTestBoss({ cron = false }: { cron?: boolean } = {}): Promise<PgBoss> {
  const boss = createBoss(getEnv().DATABASE_URL, {
    max: 4,
    useListenNotify: true,
    ...(cron ? { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } : { schedule: false }),
  });
  await boss.start();
  return boss;
}
