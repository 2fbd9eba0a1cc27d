import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { generationRuns } from "../../../db/schema";
import { FAKE_PROFILES, startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { contentCounts, pointModelAtFake, queueNewCourse, startWorker, waitForCourse } from "../../../tests/harness/generation";

/*
 * A small model on a 2-core CPU (the fake's `local` profile: 1 s to first token, 20 tokens/s, one
 * slot that queues, a 4,096-token context, now and then a question count one short), with the
 * local-model settings of docs/self-hosting.md: GENERATION_CONCURRENCY=1 and the default 60 s idle timeout. Every delay
 * of the fake and the idle timeout are scaled down 50 times together, so the real timeout logic
 * runs against the real proportions (a subsection takes ~30 "seconds"), in seconds of test time.
 * The outcome, not the time, is asserted: the course completes with no call timed out or retried
 * for slowness, and the server never had a second call waiting.
 */

const SCALE = 1 / 50;
const fake = await startFakeOpenAi({ profile: "local", timeScale: SCALE });
pointModelAtFake(fake, {
  GENERATION_CONCURRENCY: "1",
  OPENAI_IDLE_TIMEOUT_MS: String(60_000 * SCALE),
  OPENAI_TIMEOUT_MS: String(600_000 * SCALE),
});
let worker: PgBoss | undefined;

afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
  await fake.close();
});

it("a 4-section course completes on the local profile with no timeout and no retry caused by slowness", { timeout: 180_000 }, async () => {
  worker = await startWorker();
  const courseId = await queueNewCourse("Local course");
  const course = await waitForCourse(courseId, 170_000);
  expect(course.generationError).toBeNull();
  expect(course.generationStatus).toBe("done");
  expect(await contentCounts(courseId)).toMatchObject({ sections: 4, subsections: 12, questions: 40 });

  // Every call fitted the 4k context with its max_tokens, none was cut off or queued behind another.
  expect(fake.requests.filter((r) => r.refused || r.aborted || r.queued)).toEqual([]);
  expect(fake.requests.every((r) => r.promptTokens + (r.maxTokens ?? Infinity) <= FAKE_PROFILES.local.contextTokens)).toBe(true);
  // The only failed calls are the profile's wrong counts, caught by the checks and replaced: none timed out.
  const failed = await getDb().select().from(generationRuns).where(eq(generationRuns.courseId, courseId));
  expect(failed.filter((r) => !r.ok && /OPENAI_IDLE_TIMEOUT_MS|OPENAI_TIMEOUT_MS|did not answer/.test(r.error ?? ""))).toEqual([]);
  expect(fake.requests.some((r) => r.fault === "wrong-count")).toBe(true);
  expect(failed.filter((r) => r.step === "replace-questions").length).toBeGreaterThan(0);
});
