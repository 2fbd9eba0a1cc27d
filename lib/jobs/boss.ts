import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type ConstructorOptions, type Queue, type SendOptions } from "pg-boss";

/*
 * pg-boss on the app's database (its tables live in the `pgboss` schema). The worker runs a
 * full instance (supervision: expiry, heartbeats, retries); everything else sends through a small
 * sending-only instance, inside the caller's transaction when it passes one, so a row and its job
 * are committed together or not at all.
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
  boss.on("error", (error) => console.error("[jobs] pg-boss error:", errorMessage(error)));
  return boss;
}

/** Queues the app uses, with their policies; created (idempotently) by every instance that starts. */
const queueDefinitions: Queue[] = [];

/** Registers a queue definition; dead-letter queues must be registered before the queues naming them. */
export function defineQueue(queue: Queue): void {
  if (!queueDefinitions.some((q) => q.name === queue.name)) queueDefinitions.push(queue);
}

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const { name, ...options } of queueDefinitions) await boss.createQueue(name, options);
}

type SenderHandle = { url: string; ready: Promise<PgBoss> };
const globalForJobs = globalThis as unknown as { __learnpathJobSender?: SenderHandle };

/** The process's sending-only pg-boss instance (no supervision, no workers), started on first use. */
export function getJobSender(connectionString: string): Promise<PgBoss> {
  const current = globalForJobs.__learnpathJobSender;
  if (current && current.url === connectionString) return current.ready;
  const boss = createBoss(connectionString, { max: 2, supervise: false, schedule: false, registerInstance: false });
  const ready = boss.start().then(async () => {
    await ensureQueues(boss);
    return boss;
  });
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

/** Something with drizzle's `execute`: the app database or a transaction on it. */
export type SqlExecutor = Parameters<typeof fromDrizzle>[0];

/** Sends a job; with `tx` the job is inserted in that transaction (commits or rolls back with it). */
export async function sendJob(
  connectionString: string,
  name: string,
  data: object,
  options: SendOptions,
  tx?: SqlExecutor,
): Promise<string | null> {
  const boss = await getJobSender(connectionString);
  return boss.send(name, data, tx ? { ...options, db: fromDrizzle(tx, sql) } : options);
}
