import { sql } from "drizzle-orm";
import { Gauge, Registry } from "prom-client";
import type { DatabaseOrTransaction } from "../../../db/client";
import { getEnv } from "../env";
import { getJobSender } from "../jobs/boss";
import { logger } from "../log/logger";
import { PREFIX } from "./registry";

/*
 * Figures about the whole installation rather than one process, read from the database at scrape
 * time: courses by generation status, and the job queues' counts as pg-boss keeps them (refreshed
 * by the worker's monitor every GENERATION_SUPERVISE_SECONDS). Only the web server serves these,
 * so a scrape of several workers does not report the same figure several times.
 */

const GENERATION_STATUSES = ["pending", "running", "failed", "done"] as const;
const QUEUE_STATES = ["queued", "active", "deferred", "failed"] as const;

/** A gauge refilled from scratch at each scrape; a failed read leaves it empty and logs why. */
function scrapedGauge<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], read: (gauge: Gauge<L>) => Promise<void>) {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        await read(this);
      } catch (error) {
        logger().warn({ err: error, metric: name }, "could not read a metric from the database");
        this.reset();
      }
    },
  });
}

/** A registry for one scrape, read on the scrape's `db`. */
export function databaseMetrics(db: DatabaseOrTransaction): Registry {
  const registry = new Registry();
  scrapedGauge(registry, `${PREFIX}generation_courses`, "Courses by generation status (pending, running, failed, done).", ["status"], async (gauge) => {
    const result = await db.execute<{ status: string; count: number }>(sql`SELECT generation_status AS status, count(*)::int AS count FROM courses GROUP BY generation_status`);
    const counts = new Map(result.rows.map((row) => [row.status, Number(row.count)]));
    for (const status of GENERATION_STATUSES) gauge.set({ status }, counts.get(status) ?? 0);
  });
  scrapedGauge(
    registry,
    `${PREFIX}queue_jobs`,
    "Jobs per pg-boss queue by state: queued (waiting, the queue depth), active, deferred (waiting for a retry or a start time), failed (failed terminally, still retained).",
    ["queue", "state"],
    async (gauge) => {
      const boss = await getJobSender(getEnv().DATABASE_URL);
      for (const queue of await boss.getQueues()) {
        const counts = { queued: queue.queuedCount, active: queue.activeCount, deferred: queue.deferredCount, failed: queue.failedCount };
        for (const state of QUEUE_STATES) gauge.set({ queue: queue.name, state }, counts[state]);
      }
    },
  );
  return registry;
}
