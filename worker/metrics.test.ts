import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { startFakeOpenAi } from "../tests/harness/fake-openai";
import { freePort } from "../tests/harness/free-port";
import { pointModelAtFake, queueNewCourse, waitForCourse } from "../tests/harness/generation";
import { sampleValue } from "../tests/harness/prometheus";

/*
 * The worker process's /metrics, on its health port behind METRICS_TOKEN: after it has generated a
 * course with the fake model, its model calls (tokens and durations by task) are there, and the
 * installation-wide figures are not (the web server reports those once).
 */

const TOKEN = "worker-metrics-token-0123456789";
const fake = await startFakeOpenAi();
pointModelAtFake(fake);
const port = await freePort();
let worker: ChildProcess | undefined;
let output = "";

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    worker.kill("SIGTERM");
    await new Promise((resolve) => worker!.once("exit", resolve));
  }
  await fake.close();
});

async function getMetrics(authorization?: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/metrics`, { headers: authorization ? { authorization } : {} });
}

it("serves the worker's metrics on its health port, only with the token", { timeout: 120_000 }, async () => {
  worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "worker/index.ts"], {
    env: { ...process.env, NODE_ENV: "test", WORKER_HEALTH_PORT: String(port), WORKER_HEALTH_HOST: "127.0.0.1", METRICS_TOKEN: TOKEN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  worker.stdout!.on("data", (data) => (output += data));
  worker.stderr!.on("data", (data) => (output += data));
  try {
    const courseId = await queueNewCourse("Worker metrics course");
    expect((await waitForCourse(courseId, 90_000)).generationStatus).toBe("done");
  } catch (error) {
    console.error(output);
    throw error;
  }

  expect((await getMetrics()).status).toBe(401);
  expect((await getMetrics("Bearer not-the-token")).status).toBe(401);
  const res = await getMetrics(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const questionCalls = fake.requests.filter((request) => request.task === "quiz_questions").length;
  expect(questionCalls).toBeGreaterThan(0);
  expect(sampleValue(text, "learnpath_model_call_duration_seconds_count", { task: "questions", outcome: "ok" })).toBe(questionCalls);
  expect(sampleValue(text, "learnpath_model_tokens_total", { task: "questions", type: "completion" })).toBeGreaterThan(0);
  expect(sampleValue(text, "learnpath_db_pool_connections")).toBeGreaterThanOrEqual(1);
  expect(sampleValue(text, "learnpath_process_cpu_seconds_total")).toBeGreaterThan(0);
  expect(text).not.toContain("learnpath_generation_courses");
  expect(text).not.toContain("learnpath_http_request_duration_seconds_count");
});
