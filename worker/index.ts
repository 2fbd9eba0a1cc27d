import { createBoss } from "../lib/jobs/boss";
import { EnvError, getEnv } from "../lib/env";

/*
 * The job worker: a separate process (scale out by running more of them). It connects to
 * pg-boss, which creates its schema on first start, and waits for jobs. Job handlers are
 * registered here as lib/generation gains them.
 */
async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
  const boss = createBoss(env.DATABASE_URL);
  await boss.start();
  console.log("connected to the job queue; waiting for jobs");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing running jobs and stopping`);
    await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error("[worker] failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
