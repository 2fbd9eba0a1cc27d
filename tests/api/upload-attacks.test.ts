import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before anything reads the environment: the allowance and the uploads at once the stories count.
vi.hoisted(() => {
  process.env.SOURCE_MAX_PER_LEARNER = "3";
  process.env.SOURCE_MAX_UPLOADS_IN_FLIGHT = "2";
});

import { getDb } from "../../db/client";
import { sources } from "../../db/schema";
import { captureLog } from "../harness/log";
import { pollUntil } from "../harness/poll";
import { openRequest, startWebServer, trickle, type OpenRequest, type TestWebServer } from "../harness/web-server";
import { quickAccount, type Account } from "./world";

/*
 * Attacks on the upload door through a real socket (docs/security.md, "Uploads and sources"):
 * one learner opening many large uploads at once gets at most SOURCE_MAX_UPLOADS_IN_FLIGHT of
 * them read, the others refused before their body; uploads under way count toward the allowance;
 * an upload's slot is given back however the request ends, and one a dead process held runs out;
 * a body that trickles in is cut with 408. The attacker connects from its own loopback address.
 */

const MB = 1024 * 1024;
const AT_ONCE = 2;
const MAX_OWN = 3;
const BUSY = `You are already uploading ${AT_ONCE} files: wait for one of them to finish before starting another.`;
const FULL_WITH_UPLOADS = `You may keep at most ${MAX_OWN} sources of your own, counting your uploads still under way: wait for them to finish, or delete a source, before adding another.`;
/** What the server may take from a socket it does not read: its own buffers, far below a file. */
const UNREAD = MB;

let server: TestWebServer;
const log = captureLog();

beforeAll(async () => {
  // The minimum body rate as configured by default (1 kB a second over 10 s), except where a story sets its own.
  server = await startWebServer();
});

afterAll(async () => {
  await server.close();
  log.restore();
});

let counter = 0;

/** An upload of `length` bytes of text to the learner's own sources, from 127.0.0.2, of which nothing is sent yet. */
function openUpload(learner: Account, length: number, on: TestWebServer = server): OpenRequest {
  const n = ++counter;
  return openRequest({
    port: on.port,
    from: "127.0.0.2",
    path: `/users/me/sources?file_name=upload-${n}.txt`,
    headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/octet-stream" },
    length,
    prefix: `Upload ${n} of learner ${learner.id}.\n`,
  });
}

/** A whole small upload; its answer. */
async function uploadNow(learner: Account, bytes = 1024, on: TestWebServer = server) {
  const upload = openUpload(learner, bytes, on);
  await upload.send(bytes);
  upload.end();
  return upload.answer;
}

const ownSources = async (learner: Account) => (await getDb().select({ id: sources.id }).from(sources).where(eq(sources.ownerId, learner.id))).length;

/**
 * Sends each upload's body but its last `tailBytes` as fast as the server takes it, until every one
 * is either answered or read by the server up to there; then the rest. Holding the tails keeps
 * the first uploads under way while the server decides the others.
 */
async function sendAllHoldingTails(uploads: OpenRequest[], length: number, tailBytes: number) {
  for (const upload of uploads) void upload.send(length - tailBytes);
  await pollUntil(
    "each upload answered or read but its tail",
    () => uploads.map((u) => (u.answered ? "answered" : server.bytesRead(u.path) >= length - tailBytes ? "read" : "pending")),
    (states) => !states.includes("pending"),
    60_000,
  );
  await Promise.all(uploads.filter((u) => !u.answered).map((u) => u.send(tailBytes).then(() => u.end())));
  return Promise.all(uploads.map((u) => u.answer));
}

describe("one learner's parallel uploads", () => {
  it(`12 uploads of 19 MB at once by a learner with no sources: ${AT_ONCE} are read, the other 10 refused before their body with 429`, async () => {
    const learner = await quickAccount();
    const length = 19 * MB;
    const rssBefore = process.memoryUsage().rss;
    const uploads = Array.from({ length: 12 }, () => openUpload(learner, length));
    const answers = await sendAllHoldingTails(uploads, length, MB);
    const grown = process.memoryUsage().rss - rssBefore;
    console.log(`12 parallel 19 MB uploads: the web process grew by ${Math.round(grown / MB)} MB`);

    const read = uploads.filter((_, i) => answers[i]!.status === 201);
    const refused = uploads.filter((_, i) => answers[i]!.status !== 201);
    expect(read).toHaveLength(AT_ONCE);
    expect(refused.map((u) => answers[uploads.indexOf(u)])).toEqual(refused.map(() => expect.objectContaining({ status: 429, detail: BUSY })));
    // Refused before their body: the server answered them having taken no more than its buffers hold.
    for (const upload of refused) expect(server.served(upload.path)!.bytesReadBeforeAnswer).toBeLessThan(UNREAD);
    expect(await ownSources(learner)).toBe(AT_ONCE);
    // Two files held while they arrive and are saved, not twelve (over 500 MB when all were read).
    expect(grown).toBeLessThan(300 * MB);
  }, 120_000);

  it("uploads under way count toward the allowance: with 2 of 3 kept, the second of two at once is refused with 409 before its body", async () => {
    const learner = await quickAccount();
    for (let i = 0; i < MAX_OWN - 1; i++) expect((await uploadNow(learner)).status).toBe(201);
    const length = 4 * MB;
    const uploads = [openUpload(learner, length), openUpload(learner, length)];
    const answers = await sendAllHoldingTails(uploads, length, MB);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = uploads[answers.findIndex((a) => a.status === 409)]!;
    expect(answers.find((a) => a.status === 409)!.detail).toBe(FULL_WITH_UPLOADS);
    expect(server.served(refused.path)!.bytesReadBeforeAnswer).toBeLessThan(UNREAD);
    expect(await ownSources(learner)).toBe(MAX_OWN);
  }, 60_000);
});

describe("an upload's slot is given back however the request ends", () => {
  it("two uploads abandoned mid-body by the client: the learner may upload again", async () => {
    const learner = await quickAccount();
    const held = [openUpload(learner, 4 * MB), openUpload(learner, 4 * MB)];
    for (const upload of held) void upload.send(MB);
    await pollUntil("both uploads being read", () => held.map((u) => server.bytesRead(u.path)), (read) => read.every((n) => n >= MB / 2));
    expect(await uploadNow(learner)).toMatchObject({ status: 429, detail: BUSY });
    for (const upload of held) upload.abort();
    const next = await pollUntil("an upload accepted again", () => uploadNow(learner), (a) => a.status !== 429);
    expect(next.status).toBe(201);
  });

  it("uploads refused after their body (another type, too large, a duplicate) each give their slot back", async () => {
    const learner = await quickAccount();
    const png = openRequest({
      port: server.port,
      from: "127.0.0.2",
      path: "/users/me/sources?file_name=chart.pdf",
      headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/octet-stream" },
      prefix: Buffer.from("89504e470d0a1a0a", "hex"),
    });
    await png.send(1024);
    png.end();
    expect((await png.answer).status).toBe(422);
    // Streamed past SOURCE_MAX_BYTES (20 MB) without a length: cut with 413.
    const endless = openRequest({ port: server.port, from: "127.0.0.2", path: "/users/me/sources?file_name=endless.txt", headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/octet-stream" } });
    void endless.send(40 * MB);
    expect((await endless.answer).status).toBe(413);
    const same = (n: number) => openRequest({ port: server.port, from: "127.0.0.2", path: `/users/me/sources?file_name=same-${n}.txt`, headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/octet-stream" }, length: 10, prefix: "same bytes" });
    for (const n of [1, 2]) {
      const upload = same(n);
      await upload.send(10);
      upload.end();
      expect((await upload.answer).status).toBe(n === 1 ? 201 : 409);
    }
    // Four requests ended, each holding one of the two slots: none is still held.
    expect((await uploadNow(learner)).status).toBe(201);
  }, 60_000);

  it("slots a process held when it died run out: refused while they last, accepted after", async () => {
    const learner = await quickAccount();
    // What a web process that died mid-upload leaves: its leases, still running for a moment.
    await getDb().execute(sql`INSERT INTO source_uploads (user_id, own, expires_at) VALUES (${learner.id}, true, now() + interval '2 seconds'), (${learner.id}, true, now() + interval '2 seconds')`);
    expect(await uploadNow(learner)).toMatchObject({ status: 429, detail: BUSY });
    const next = await pollUntil("the dead process's slots to run out", () => uploadNow(learner), (a) => a.status !== 429, 10_000);
    expect(next.status).toBe(201);
  });
});

describe("a body that trickles in", () => {
  it("an upload sending 1 byte every 50 ms is cut with 408 within the minimum-rate window, and its slot is free again", async () => {
    // The minimum rate over a short window, so the story runs in a second: 1 kB a second over 300 ms.
    const quick = await startWebServer({ bodyMinBytesPerSecond: 1024, bodyRateWindowMs: 300 });
    try {
      const learner = await quickAccount();
      const linesBefore = log.lines().length;
      const slow = [openUpload(learner, 100_000, quick), openUpload(learner, 100_000, quick)];
      const stops = slow.map((upload) => trickle(upload, 50));
      const answers = await pollUntil("both trickles answered", () => slow.map((u) => u.answered), (a) => a.every(Boolean), 3_000).then(() => Promise.all(slow.map((u) => u.answer)));
      stops.forEach((stop) => stop());
      expect(answers).toEqual(slow.map(() => expect.objectContaining({ status: 408, detail: "The request body arrived too slowly (less than 1 kB a second), so the server stopped reading it. Check your connection and try again." })));
      expect(answers[0]!.headers["content-type"]).toContain("application/json");
      // The server's log says what the client was told (the app's handler ends once its read fails).
      const logged = () => log.lines().slice(linesBefore).filter((line) => line.msg === "request" && line.path === "/users/me/sources").map((line) => line.status);
      expect(await pollUntil("both cut uploads logged", logged, (statuses) => statuses.length >= 2, 3_000)).toEqual([408, 408]);
      const next = await pollUntil("an upload accepted again", () => uploadNow(learner, 1024, quick), (a) => a.status !== 429);
      expect(next.status).toBe(201);
    } finally {
      await quick.close();
    }
  });

  it("an upload arriving steadily faster than the minimum rate is read whole, however long it takes", async () => {
    // A window of a second: long enough that a pause of this (shared) process never reads as a slow sender.
    const quick = await startWebServer({ bodyMinBytesPerSecond: 1024, bodyRateWindowMs: 1_000 });
    try {
      const learner = await quickAccount();
      // 2 kB every 100 ms (20 kB a second) for 3 s: three windows, each well over its 1 kB.
      const upload = openUpload(learner, 60 * 1024, quick);
      const steady = setInterval(() => {
        if (upload.sentBytes < 60 * 1024) void upload.send(2048);
      }, 100);
      await pollUntil("the whole body sent", () => upload.sentBytes, (n) => n >= 60 * 1024, 10_000);
      clearInterval(steady);
      upload.end();
      expect((await upload.answer).status).toBe(201);
    } finally {
      await quick.close();
    }
  });
});
