// `npm run bench:generation -- --profile hosted|local` or `npm run bench:generation [-- --courses 8 --latency 2000 --concurrency 8]`
//
// With --profile: one 4-section course against the fake model's realistic profile (time to first
// token + tokens / rate, a fixed number of slots; tests/harness/fake-openai.ts), after one
// reference call of 1,000 answer tokens on the same profile, and a final line:
//   hosted: course 31.2 s, first readable section 15.8 s, one 1,000-token call 17.0 s, tokens 9,800 prompt + 12,400 completion
//
// Without it:
// Generates courses end to end (pg-boss jobs, a worker, the real openai SDK) against the fake
// OpenAI-compatible server with a fixed latency per call, on a throwaway embedded PostgreSQL
// (or BENCH_DATABASE_URL's server). Prints courses per minute, calls and tokens per course, and
// the pipeline's overhead beyond the model's own time on each course's critical path (outline,
// then the slowest section's content + verification calls).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { asc, eq, inArray } from "drizzle-orm";
import { ensureDatabaseExists } from "./lib/database";
import { startEmbeddedPostgres } from "./lib/embedded-postgres";
import { freePort } from "../tests/harness/free-port";
import { FAKE_PROFILES, startFakeOpenAi, type FakeProfileName } from "../tests/harness/fake-openai";
import { timeOneCall } from "./bench/reference-call";

const { values } = parseArgs({
  options: {
    courses: { type: "string", default: "8" },
    latency: { type: "string", default: "2000" },
    concurrency: { type: "string" },
    profile: { type: "string" },
  },
});
const PROFILE = values.profile as FakeProfileName | undefined;
if (PROFILE && !(PROFILE in FAKE_PROFILES)) throw new Error(`--profile must be one of ${Object.keys(FAKE_PROFILES).join(", ")}`);
const COURSES = Math.max(1, Number(values.courses));
const LATENCY = PROFILE ? 0 : Math.max(0, Number(values.latency));
// A profile's default: one model call per server slot (GENERATION_CONCURRENCY as docs/self-hosting.md advises).
const CONCURRENCY = Math.max(1, Number(values.concurrency ?? (PROFILE ? Math.min(FAKE_PROFILES[PROFILE].slots, 16) : 8)));

const tempDir = mkdtempSync(join(tmpdir(), "learnpath-bench-"));
let serverUrl = process.env.BENCH_DATABASE_URL;
let stopServer = async () => undefined as void;
if (!serverUrl) {
  const server = await startEmbeddedPostgres({ dataDir: join(tempDir, "postgres"), port: await freePort(), persistent: false });
  serverUrl = server.url;
  stopServer = server.stop;
}
const databaseUrl = await ensureDatabaseExists(serverUrl, `learnpath_bench_${randomBytes(4).toString("hex")}`);
const fake = await startFakeOpenAi({ latencyMs: LATENCY, profile: PROFILE });

Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: randomBytes(32).toString("hex"),
  OPENAI_API_KEY: "bench-key",
  OPENAI_BASE_URL: fake.url,
  OPENAI_MODEL: "fake-model",
  OPENAI_TIMEOUT_MS: String(PROFILE ? 600_000 : Math.max(10_000, LATENCY * 5)),
  GENERATION_CONCURRENCY: String(CONCURRENCY),
  GENERATION_POLL_SECONDS: "0.5",
  GENERATION_RETRY_DELAY_SECONDS: "1",
});

// Imported after the environment is set: these read it on first use.
const { runMigrations } = await import("../db/migrate");
const { closeDb, getDb } = await import("../db/client");
const { courses, courseSections, generationRuns, topics } = await import("../db/schema");
const { estimateCost } = await import("../lib/platform/llm/cost");
const { enqueueCourseGeneration } = await import("../lib/authoring/generation/commands");
const { stopJobSender, getJobSender } = await import("../lib/platform/jobs/boss");
const { startWorker } = await import("../tests/harness/generation");

type Result = { id: number; wallMs: number; firstReadableMs: number; criticalModelMs: number; calls: number; promptTokens: number; completionTokens: number };

async function generate(count: number): Promise<{ results: Result[]; totalMs: number }> {
  const db = getDb();
  const [topic] = await db.insert(topics).values({ title: `Bench ${Date.now()}-${count}`, description: "Benchmark topic." }).returning();
  const started = Date.now();
  const ids: number[] = [];
  const enqueuedAt = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    await db.transaction(async (tx) => {
      const [course] = await tx.insert(courses).values({ topicId: topic!.id, title: `Bench course ${i + 1}`, description: "A benchmark course.", level: "Beginner" }).returning();
      await enqueueCourseGeneration(tx, course!.id);
      ids.push(course!.id);
      enqueuedAt.set(course!.id, Date.now());
    });
  }
  // A section is readable once it is in course_sections (the pipeline writes nothing half-done there).
  const firstReadable = new Map<number, number>();
  for (;;) {
    const rows = await db.select({ status: courses.generationStatus }).from(courses).where(inArray(courses.id, ids));
    const readable = await db.selectDistinct({ courseId: courseSections.courseId }).from(courseSections).where(inArray(courseSections.courseId, ids));
    for (const { courseId } of readable) if (!firstReadable.has(courseId)) firstReadable.set(courseId, Date.now());
    if (rows.every((r) => r.status === "done" || r.status === "failed")) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const totalMs = Date.now() - started;
  const results: Result[] = [];
  for (const id of ids) {
    const [course] = await db.select().from(courses).where(eq(courses.id, id));
    if (course!.generationStatus !== "done") throw new Error(`course ${id} failed: ${course!.generationError}`);
    const runs = await db.select().from(generationRuns).where(eq(generationRuns.courseId, id)).orderBy(asc(generationRuns.id));
    const outline = runs.filter((r) => r.step === "outline").reduce((n, r) => n + r.durationMs, 0);
    const perSection = new Map<number, number>();
    for (const r of runs) if (r.sectionIndex !== null) perSection.set(r.sectionIndex, (perSection.get(r.sectionIndex) ?? 0) + r.durationMs);
    results.push({
      id,
      wallMs: course!.updatedAt.getTime() - enqueuedAt.get(id)!,
      firstReadableMs: (firstReadable.get(id) ?? Date.now()) - enqueuedAt.get(id)!,
      criticalModelMs: outline + Math.max(0, ...perSection.values()),
      calls: runs.length,
      promptTokens: runs.reduce((n, r) => n + r.promptTokens, 0),
      completionTokens: runs.reduce((n, r) => n + r.completionTokens, 0),
    });
  }
  return { results, totalMs };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(title: string, { results, totalMs }: { results: Result[]; totalMs: number }) {
  const overhead = results.map((r) => r.wallMs - r.criticalModelMs);
  console.log(`\n${title}`);
  console.log(`  courses generated            ${results.length} in ${s(totalMs)}  (${((results.length / totalMs) * 60_000).toFixed(1)} courses per minute)`);
  console.log(`  model calls per course       ${mean(results.map((r) => r.calls)).toFixed(1)}`);
  console.log(`  tokens per course            ${Math.round(mean(results.map((r) => r.promptTokens)))} prompt + ${Math.round(mean(results.map((r) => r.completionTokens)))} completion`);
  console.log(`  time per course              mean ${s(mean(results.map((r) => r.wallMs)))}, max ${s(Math.max(...results.map((r) => r.wallMs)))}`);
  console.log(`  = latency of one call x      ${(mean(results.map((r) => r.wallMs)) / Math.max(1, LATENCY)).toFixed(2)}`);
  console.log(`  model time on critical path  mean ${s(mean(results.map((r) => r.criticalModelMs)))}`);
  console.log(`  pipeline overhead (incl. waiting for a worker slot) mean ${s(mean(overhead))}, max ${s(Math.max(...overhead))} per course`);
}

let exitCode = 0;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
try {
  await runMigrations(databaseUrl);
  await getJobSender(databaseUrl);
  worker = await startWorker();
  if (PROFILE) {
    const profile = FAKE_PROFILES[PROFILE];
    console.log(`fake model profile ${PROFILE}: ${profile.ttftMs} ms to first token, ${profile.tokensPerSecond} tokens/s, ${profile.slots} slots; worker concurrency ${CONCURRENCY}`);
    const referenceMs = await timeOneCall(fake.url);
    const { results } = await generate(1);
    const r = results[0]!;
    const n = (x: number) => new Intl.NumberFormat("en-US").format(x);
    const cost = estimateCost(r.promptTokens, r.completionTokens);
    console.log(`  calls ${r.calls}; estimated cost $${cost.toFixed(4)} at the configured prices`);
    console.log(`  course ${(r.wallMs / referenceMs).toFixed(2)}x one 1,000-token call, first readable section ${(r.firstReadableMs / referenceMs).toFixed(2)}x; prompt tokens ${(r.promptTokens / r.completionTokens).toFixed(2)}x completion`);
    console.log(
      `${PROFILE}: course ${(r.wallMs / 1000).toFixed(1)} s, first readable section ${(r.firstReadableMs / 1000).toFixed(1)} s, one 1,000-token call ${(referenceMs / 1000).toFixed(1)} s, tokens ${n(r.promptTokens)} prompt + ${n(r.completionTokens)} completion`,
    );
  } else {
    console.log(`fake model latency ${LATENCY} ms per call; 4 sections per course; worker concurrency ${CONCURRENCY}`);
    const single = await generate(1);
    report("one course (outline, then its sections in parallel):", single);
    const limit = 4 * LATENCY;
    const ok = single.results[0]!.wallMs < limit;
    console.log(`  ${ok ? "PASS" : "FAIL"}: Generated in ${s(single.results[0]!.wallMs)}, ${ok ? "under" : "not under"} 4 x latency (${s(limit)})`);
    if (!ok) exitCode = 1;
    if (COURSES > 1) report(`${COURSES} courses at once:`, await generate(COURSES));
  }
} catch (error) {
  console.error("benchmark failed:", error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await worker?.stop({ graceful: false, close: true }).catch(() => undefined);
  await stopJobSender();
  await closeDb();
  await fake.close();
  await stopServer();
  rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
