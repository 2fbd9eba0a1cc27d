import { readdirSync, readFileSync } from "node:fs";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before anything reads the environment: a whole-process memory cap of 256 MB, files that may
// expand to 64 MB, a time limit long enough that only a deletion ends a waiting file, and the
// extractor's test faults switched on.
vi.hoisted(() => {
  process.env.SOURCE_EXTRACT_MEMORY_MB = "256";
  process.env.SOURCE_MAX_DECODED_MB = "64";
  process.env.SOURCE_EXTRACT_TIMEOUT_MS = "120000";
  process.env.SOURCE_EXTRACTOR_TEST_FAULTS = "1";
});

import { getEnv } from "../../lib/platform/env";
import { createBoss } from "../../lib/platform/jobs/boss";
import { sourceJobs } from "../../worker/job-registry";
import { startJobRunner } from "../../lib/platform/jobs/runner";
import { call } from "../harness/http";
import { captureLog } from "../harness/log";
import { pollUntil } from "../harness/poll";
import { flateBombPdf, lyingDocx } from "../harness/source-fixtures";
import { createWorld, type World } from "./world";

/*
 * Attacks on source extraction (docs/security.md, "Uploads and sources"), through the API and the
 * real extract-source jobs on pg-boss in this process, each file read in its own child process:
 * a file that decompresses to gigabytes ends with a clear message while the child's whole
 * process (not only V8's heap) stays under its memory cap; memory taken outside V8's heap is
 * stopped by the worker's watchdog, one huge allocation by the operating system's limit; a
 * learner's files are read one at a time, deleting one stops its child at once, and an admin's
 * topic file never waits behind learners' files.
 */

const CAP_MB = 256;
const EXPANDS = "This file expands to more than 64 MB of content.";
const MEMORY = `Reading this file needed more memory than extraction may use (${CAP_MB} MB), so it was stopped. The file may be damaged or a zip bomb; if it is a real document, split it into smaller files.`;

let boss: PgBoss;
const log = captureLog();

beforeAll(async () => {
  const env = getEnv();
  boss = createBoss(env.DATABASE_URL, { max: 6, useListenNotify: true, schedule: false, superviseIntervalSeconds: 2 });
  await boss.start();
  await startJobRunner(boss, sourceJobs, env);
});

afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  log.restore();
});

type Uploader = "admin" | "a" | "b";

async function upload(world: World, bytes: Buffer | string, fileName: string, as: Uploader) {
  const body = new Uint8Array(typeof bytes === "string" ? Buffer.from(bytes) : bytes);
  const res =
    as === "admin"
      ? await call("POST /topics/:id/sources", { token: world.admin.token, params: { id: String(world.topicId) }, path: `/topics/${world.topicId}/sources?file_name=${encodeURIComponent(fileName)}`, body, contentType: "application/octet-stream" })
      : await call("POST /users/me/sources", { token: world[as].token, path: `/users/me/sources?file_name=${encodeURIComponent(fileName)}`, body, contentType: "application/octet-stream" });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const status = async (world: World, id: number) => (await call("GET /sources/:id", { token: world.admin.token, params: { id: String(id) } })).body as { status: string; failure: string | null };

const statusIs = (world: World, id: number, wanted: string, timeoutMs = 30_000) => pollUntil(`source ${id} ${wanted}`, () => status(world, id), (s) => s.status === wanted, timeoutMs);

const finished = (world: World, id: number) => pollUntil(`source ${id} to finish`, () => status(world, id), (s) => s.status === "ready" || s.status === "failed", 90_000);

/** The extractor children this process started that are still alive (their script is the compiled child). */
function extractorChildren(): number[] {
  const alive: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("source-extractor")) alive.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return alive;
}

/** What the worker logged of this source's child: its peak resident memory. */
function peakRssMb(sourceId: number): number {
  const line = log.lines().find((l) => l.source_id === sourceId && typeof l.peak_rss_mb === "number");
  if (!line) throw new Error(`no peak memory logged for source ${sourceId}`);
  return line.peak_rss_mb as number;
}

/** A text file the test child waits on forever, without using the processor (SOURCE_EXTRACTOR_TEST_FAULTS). */
const waiting = (n: number) => `LEARNPATH TEST FAULT: WAIT\nfile ${n}`;

describe("a file that decompresses to gigabytes", () => {
  it("a 1 MB PDF whose content stream inflates to 1 GiB ends with a clear message, the child under its cap", async () => {
    const world = await createWorld();
    const bomb = flateBombPdf(1);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const id = await upload(world, bomb, "bomb.pdf", "a");
    expect(await finished(world, id)).toMatchObject({ status: "failed", failure: EXPANDS });
    const peak = peakRssMb(id);
    console.log(`Flate-bomb PDF: the extractor child's peak RSS was ${peak} MB (cap ${CAP_MB} MB)`);
    expect(peak).toBeLessThan(CAP_MB);
  }, 120_000);

  it("a Word document whose zip directory declares 1 kB for a 1 GiB document.xml ends with the same message, under the cap", async () => {
    const world = await createWorld();
    const id = await upload(world, lyingDocx(1), "liar.docx", "a");
    expect(await finished(world, id)).toMatchObject({ status: "failed", failure: EXPANDS });
    const peak = peakRssMb(id);
    console.log(`Lying DOCX: the extractor child's peak RSS was ${peak} MB (cap ${CAP_MB} MB)`);
    expect(peak).toBeLessThan(CAP_MB);
  }, 120_000);
});

describe("memory outside V8's heap", () => {
  it("a child filling buffers outside the heap is ended by the worker's watchdog near the cap", async () => {
    const world = await createWorld();
    const id = await upload(world, "LEARNPATH TEST FAULT: NATIVE MEMORY", "native.txt", "admin");
    expect(await finished(world, id)).toMatchObject({ status: "failed", failure: MEMORY });
    const peak = peakRssMb(id);
    console.log(`Native buffers: the extractor child's peak RSS was ${peak} MB when the watchdog ended it (cap ${CAP_MB} MB)`);
    // Ended at its first reading past the cap: at most one watchdog interval's growth beyond it.
    // The log gives whole MB (rounded), so a reading just past the cap shows as the cap itself.
    expect(peak).toBeGreaterThanOrEqual(CAP_MB);
    expect(peak).toBeLessThan(CAP_MB * 1.15);
  }, 60_000);

  it("one allocation of gigabytes at once fails at the operating system's limit before the memory is taken", async () => {
    const world = await createWorld();
    const id = await upload(world, "LEARNPATH TEST FAULT: ONE BIG ALLOCATION", "big.txt", "admin");
    expect(await finished(world, id)).toMatchObject({ status: "failed", failure: MEMORY });
    const peak = peakRssMb(id);
    console.log(`One 2 GiB allocation: the extractor child's peak RSS was ${peak} MB (cap ${CAP_MB} MB)`);
    expect(peak).toBeLessThan(CAP_MB);
  }, 60_000);
});

describe("extraction slots are shared fairly", () => {
  it("a learner's files are read one at a time, deleting them stops their child at once, and an admin's file never waits behind them", async () => {
    const world = await createWorld();
    // The attacker's first two slow files: the second waits behind the first.
    const first = await upload(world, waiting(1), "slow1.txt", "a");
    const second = await upload(world, waiting(2), "slow2.txt", "a");
    await statusIs(world, first, "extracting");

    // An admin's topic file meanwhile is read at once, while the learner's second file still waits its turn.
    const topicFile = await upload(world, "# Topic notes\n\nShort and sweet.", "notes.md", "admin");
    await statusIs(world, topicFile, "ready");
    expect([(await status(world, first)).status, (await status(world, second)).status]).toEqual(["extracting", "queued"]);

    // Deleting both stops the child reading the first at once: none of this process's extractor children is left.
    expect(extractorChildren()).toHaveLength(1);
    for (const id of [first, second]) expect((await call("DELETE /sources/:id", { token: world.a.token, params: { id: String(id) } })).status).toBe(204);
    await pollUntil("the deleted source's child to be stopped", extractorChildren, (children) => children.length === 0);

    // The slot is free again: a third file is read (not after the first's time limit: it was stopped).
    const third = await upload(world, waiting(3), "slow3.txt", "a");
    await statusIs(world, third, "extracting");
    // Another learner takes the other learners' slot; both are busy with files that never end.
    const others = await upload(world, waiting(4), "slow4.txt", "b");
    await statusIs(world, others, "extracting");

    // An admin's file is still read at once, while both learners' files go on.
    const another = await upload(world, "# More notes\n\nStill short.", "more.md", "admin");
    await statusIs(world, another, "ready");
    expect([(await status(world, third)).status, (await status(world, others)).status]).toEqual(["extracting", "extracting"]);

    await call("DELETE /sources/:id", { token: world.a.token, params: { id: String(third) } });
    await call("DELETE /sources/:id", { token: world.b.token, params: { id: String(others) } });
    await pollUntil("every extractor child to be stopped", extractorChildren, (children) => children.length === 0);
  }, 120_000);
});
