import { serve } from "@hono/node-server";
import { healthRoutes } from "../api/health";
import { checkReadiness } from "../lib/platform/health/readiness";
import { createBoss } from "../lib/platform/jobs/boss";
import { allJobs } from "./job-registry";
import { startJobRunner } from "../lib/platform/jobs/runner";
import { getEnvOrExit } from "../lib/platform/env";
import { logConnectionErrors } from "../lib/platform/log/database-errors";
import { logger } from "../lib/platform/log/logger";
import { metricsResponse } from "../lib/platform/metrics/endpoint";

/*
 * The job worker: a separate process (scale out by running more of them). It connects to
 * pg-boss (which creates its schema on first start) and starts the job runner with every job
 * definition (worker/job-registry.ts): course generation, the e-mail sender and the housekeeping
 * cron. Supervision runs here: a job whose worker died stops heartbeating and is failed and
 * retried within GENERATION_HEARTBEAT_SECONDS + GENERATION_SUPERVISE_SECONDS.
 */
async function main() {
  const env = getEnvOrExit();
  logConnectionErrors();
  const boss = createBoss(env.DATABASE_URL, {
    max: env.GENERATION_CONCURRENCY + 4,
    useListenNotify: true,
    superviseIntervalSeconds: env.GENERATION_SUPERVISE_SECONDS,
    monitorIntervalSeconds: env.GENERATION_SUPERVISE_SECONDS,
    instanceName: "worker",
  });
  await boss.start();
  const { waiting } = await startJobRunner(boss, allJobs, env);
  logger().info(waiting.length ? "connected to the job queue; generation jobs wait for a model" : "connected to the job queue; generating courses");

  // Container health checks (the Docker image sets WORKER_HEALTH_PORT): up, and able to reach the
  // database; and the worker's metrics, for a scraper with METRICS_TOKEN.
  const healthApp = healthRoutes(() => checkReadiness());
  healthApp.get("/metrics", (c) => metricsResponse(null, c.req.raw, env.METRICS_TOKEN));
  const health = env.WORKER_HEALTH_PORT ? serve({ fetch: healthApp.fetch, port: env.WORKER_HEALTH_PORT, hostname: env.WORKER_HEALTH_HOST }) : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, `${signal}: finishing running jobs and stopping`);
    health?.close();
    await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  logger().fatal({ err: error }, "the worker failed to start");
  process.exit(1);
});
