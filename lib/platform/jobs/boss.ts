import { PgBoss, type ConstructorOptions } from "pg-boss";
import { logger } from "../log/logger";

/*
 * pg-boss on the app's database (its tables live in the `pgboss` schema). The worker runs a
 * full instance (supervision: expiry, heartbeats, retries); everything else sends through a small
 * sending-only instance (lib/platform/jobs/send.ts), inside the caller's transaction when it passes one.
 */

/** Worker errors arrive as plain objects carrying the message, the queue and the worker id. */
function errorMessage(error: unknown): unknown {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : error;
}

/** A pg-boss instance on the app's database. */
export function createBoss(connectionString: string, options: Omit<ConstructorOptions, "connectionString"> = {}): PgBoss {
  const boss = new PgBoss({ connectionString, max: 4, ...options });
  // pg-boss keeps going through a database outage (its loops retry); one line per error, not a dump.
  boss.on("error", (error) => logger().error({ reason: errorMessage(error) }, "pg-boss error"));
  return boss;
}

type SenderHandle = { url: string; ready: Promise<PgBoss> };
const globalForJobs = globalThis as unknown as { __learnpathJobSender?: SenderHandle };

/** The process's sending-only pg-boss instance (no supervision, no workers), started on first use. */
export function getJobSender(connectionString: string): Promise<PgBoss> {
  const current = globalForJobs.__learnpathJobSender;
  if (current && current.url === connectionString) return current.ready;
  const boss = createBoss(connectionString, { max: 2, supervise: false, schedule: false, registerInstance: false });
  const ready = boss.start();
  ready.catch(() => {
    if (globalForJobs.__learnpathJobSender?.ready === ready) globalForJobs.__learnpathJobSender = undefined;
  });
  globalForJobs.__learnpathJobSender = { url: connectionString, ready };
  return ready;
}

export async function stopJobSender(): Promise<void> {
  const current = globalForJobs.__learnpathJobSender;
  globalForJobs.__learnpathJobSender = undefined;
  if (!current) return;
  const boss = await current.ready.catch(() => null);
  await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
}
