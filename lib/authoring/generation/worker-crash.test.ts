import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { contentCounts, pointModelAtFake, queueNewCourse, waitForCourse } from "../../../tests/harness/generation";

/*
 * Kill the worker process (SIGKILL, no chance to clean up) while it is inside a subsection's model
 * call, start another one, and the course still finishes exactly once: the dead worker's jobs stop
 * heartbeating, pg-boss fails and retries them, and the re-runs replace instead of duplicating.
 */

const fake = await startFakeOpenAi({ latencyMs: 1500 });
pointModelAtFake(fake, { OPENAI_TIMEOUT_MS: "10000", OPENAI_IDLE_TIMEOUT_MS: "10000" });
const children: ChildProcess[] = [];

function startWorkerProcess(name: string): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "worker/index.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  children.push(child);
  return { child, output: () => `--- ${name} ---\n${output}` };
}

async function until(predicate: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fake.close();
});

it("killing the worker mid-section and starting another finishes the course exactly once", { timeout: 150_000 }, async () => {
  const courseId = await queueNewCourse("Crash course");
  const first = startWorkerProcess("first worker");
  try {
    // Wait until the first worker is inside section calls (the outline is written, sections are running).
    await until(() => fake.inFlight().some((r) => r.task === "subsection_content"), 60_000, "a subsection call in flight");
  } catch (error) {
    console.error(first.output());
    throw error;
  }
  first.child.kill("SIGKILL");
  await new Promise((r) => first.child.once("exit", r));
  const killedAt = Date.now();
  // Section calls the dead worker had open: their answers went nowhere.
  const lost = fake.requests.filter((r) => r.task === "subsection_content" && r.at <= killedAt && (r.finishedAt === undefined || r.finishedAt > killedAt));
  const inFlightAtKill = lost.length;
  expect(inFlightAtKill).toBeGreaterThan(0);

  const second = startWorkerProcess("second worker");
  let course;
  try {
    course = await waitForCourse(courseId, 90_000);
  } catch (error) {
    console.error(first.output(), "\n", second.output());
    throw error;
  }
  expect(course.generationStatus).toBe("done");
  expect(course.isDetailCreatedByAi).toBe(true);
  // The crashed jobs came back well within a minute (heartbeat 10 s, supervision every 2 s).
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  expect(await contentCounts(courseId)).toEqual({ sections: 4, subsections: 12, questions: 40, questionsPerSection: [10, 10, 10, 10], distinctQuestions: 40 });
  // The subsections the dead worker was writing were written again by the second one, and only those.
  expect(fake.requests.filter((r) => r.task === "subsection_content").length).toBe(12 + inFlightAtKill);

  second.child.kill("SIGTERM");
  await new Promise((r) => second.child.once("exit", r));
});
