import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll } from "vitest";
import type { FakeOpenAi } from "./fake-openai";
import { startWorker } from "./generation";

/** A test file's worker beside its fake model: started before its tests, both stopped after them. */
export function runWorkerWith(fake: FakeOpenAi) {
  let worker: PgBoss | undefined;
  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.stop({ graceful: false, close: true });
    await fake.close();
  });
}
