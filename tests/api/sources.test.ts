import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before anything reads the environment: a short extraction time limit, and the extractor's test
// faults (a file that makes it hang or exhaust its memory) switched on.
vi.hoisted(() => {
  process.env.SOURCE_EXTRACT_TIMEOUT_MS = "10000";
  process.env.SOURCE_EXTRACT_MEMORY_MB = "160";
  process.env.SOURCE_MAX_PAGES = "40";
  process.env.SOURCE_EXTRACTOR_TEST_FAULTS = "1";
});

import { getDb } from "../../db/client";
import { sourceFiles, sourcePassages, sources, topics, users } from "../../db/schema";
import { getEnv } from "../../lib/platform/env";
import { createBoss } from "../../lib/platform/jobs/boss";
import { sourceJobs } from "../../worker/job-registry";
import { startJobRunner } from "../../lib/platform/jobs/runner";
import { retrievePassages } from "../../lib/authoring/sources/retrieval";
import { call } from "../harness/http";
import { pollUntil } from "../harness/poll";
import { docx, docxBomb, encryptedPdf, numberedPdf, scannedPdf, truncatedPdf } from "../harness/source-fixtures";
import { createWorld, type World } from "./world";

/*
 * Sources end to end through the API and the real extract-source job (on pg-boss, in this
 * process, each file read in its own child process): a good PDF becomes passages on the right
 * pages with its progress reaching the total; every file that cannot be used ends failed with
 * its own message and no passage; a hanging extractor is killed at the time limit while the
 * worker goes on with other files; deleting a topic or an account deletes its sources.
 */

let boss: PgBoss;

beforeAll(async () => {
  const env = getEnv();
  boss = createBoss(env.DATABASE_URL, { max: 4, useListenNotify: true, schedule: false, superviseIntervalSeconds: 2 });
  await boss.start();
  await startJobRunner(boss, sourceJobs, env);
});

afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
});

function upload(world: World, bytes: Buffer | string, fileName: string, as: "admin" | "a" = "admin") {
  const body = typeof bytes === "string" ? new Uint8Array(Buffer.from(bytes)) : new Uint8Array(bytes);
  return as === "admin"
    ? call("POST /topics/:id/sources", { token: world.admin.token, params: { id: String(world.topicId) }, path: `/topics/${world.topicId}/sources?file_name=${encodeURIComponent(fileName)}`, body, contentType: "application/octet-stream" })
    : call("POST /users/me/sources", { token: world.a.token, path: `/users/me/sources?file_name=${encodeURIComponent(fileName)}`, body, contentType: "application/octet-stream" });
}

async function finished(world: World, id: number, timeoutMs = 20_000) {
  return pollUntil(
    `source ${id} to finish`,
    async () => (await call("GET /sources/:id", { token: world.admin.token, params: { id: String(id) } })).body,
    (s) => s.status === "ready" || s.status === "failed",
    timeoutMs,
  );
}

const passageCount = async (id: number) => (await getDb().select({ n: sql<number>`count(*)::int` }).from(sourcePassages).where(eq(sourcePassages.sourceId, id)))[0]!.n;

describe("a good file", () => {
  it("a 12-page PDF becomes passages on their pages, its progress reaching the page count", async () => {
    const world = await createWorld();
    const added = await upload(world, numberedPdf(12), "Quokka handbook.pdf");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: "queued", file_name: "Quokka handbook.pdf", media_type: "application/pdf", topic_id: world.topicId, owner_id: null, passage_count: 0 });
    const done = await finished(world, added.body.id);
    expect(done).toMatchObject({ status: "ready", pages_done: 12, pages_total: 12, failure: null });
    const passages = await call("GET /sources/:id/passages", { token: world.admin.token, params: { id: String(added.body.id) }, path: `/sources/${added.body.id}/passages?limit=100` });
    expect(passages.headers.get("x-total-count")).toBe(String(done.passage_count));
    // One passage per page here (a page holds fewer words than a passage, and a passage never spans two pages).
    expect(passages.body.map((p: { page: number }) => p.page)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(passages.body[6].text).toContain("Page 7 marker: the quokka number 7 lives on Rottnest island.");
    // Retrieval finds the page a question is about.
    const [best] = await retrievePassages(getDb(), { topicId: world.topicId }, "quokka number 9");
    expect(best).toMatchObject({ page: 9, fileName: "Quokka handbook.pdf" });
  });

  it("a Word document keeps its headings, and a learner's own Markdown file stays theirs", async () => {
    const world = await createWorld();
    const word = docx([
      { heading: 1, text: "Onboarding" },
      { text: "Every new colleague gets a buddy for the first month." },
      { heading: 2, text: "Security" },
      { text: "Badges are worn visibly <b>at all times</b> & never lent." },
    ]);
    const added = await upload(world, word, "handbook.docx");
    expect((await finished(world, added.body.id)).status).toBe("ready");
    const passages = (await call("GET /sources/:id/passages", { token: world.admin.token, params: { id: String(added.body.id) } })).body;
    expect(passages).toEqual([
      expect.objectContaining({ page: null, heading: "Onboarding", text: "Every new colleague gets a buddy for the first month." }),
      // Markup in the text stays text.
      expect.objectContaining({ page: null, heading: "Security", text: "Badges are worn visibly <b>at all times</b> & never lent." }),
    ]);

    const own = await upload(world, "# My notes\n\nPhotosynthesis turns light into sugar.", "notes.md", "a");
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ owner_id: world.a.id, topic_id: null, media_type: "text/markdown" });
    expect((await finished(world, own.body.id)).status).toBe("ready");
    expect((await call("GET /sources/:id", { token: world.b.token, params: { id: String(own.body.id) } })).status).toBe(404);
    const exported = await call("GET /users/me/export", { token: world.a.token });
    const mine = exported.body.sources.find((s: { id: number }) => s.id === own.body.id);
    expect(mine).toMatchObject({ file_name: "notes.md", passages: [{ position: 0, page: null, heading: "My notes", text: "Photosynthesis turns light into sugar." }] });
    expect(JSON.stringify(exported.body)).not.toContain("bytes");
  });
});

describe("a file that cannot be used ends failed with its message, and nothing else is saved", () => {
  it.each([
    ["a scanned PDF (no text layer)", scannedPdf(), "scan.pdf", "This PDF has no text layer: it looks like a scanned document. Export it with text (run OCR on it) and upload it again."],
    ["an encrypted PDF", encryptedPdf(), "locked.pdf", "This PDF is encrypted: it needs a password to open. Save a copy without the password (or print it to a new PDF) and upload that."],
    ["a truncated PDF", truncatedPdf(), "cut.pdf", "This PDF is cut off: it does not end the way a complete PDF does. Upload the whole file again."],
    ["a PDF over the page limit (40 here)", numberedPdf(41), "long.pdf", "This PDF has 41 pages; a source may have at most 40. Split it into smaller files and upload those."],
    ["a Word zip bomb", docxBomb(110), "bomb.docx", "This Word document would unpack to 110 MB; a source may unpack to at most 100 MB. It may be a zip bomb; if it is a real document, split it or save it as a PDF."],
    ["a file that exhausts the extractor's memory", "LEARNPATH TEST FAULT: MEMORY", "heavy.txt", "Reading this file needed more memory than extraction may use (160 MB), so it was stopped. The file may be damaged or a zip bomb; if it is a real document, split it into smaller files."],
  ])("%s", async (_name, bytes, fileName, message) => {
    const world = await createWorld();
    const added = await upload(world, bytes, fileName);
    expect(added.status).toBe(201);
    const done = await finished(world, added.body.id);
    expect(done).toMatchObject({ status: "failed", failure: message, passage_count: 0 });
    expect(await passageCount(added.body.id)).toBe(0);
  });

  it("a hanging extractor is killed at the time limit, while the worker goes on reading other files", async () => {
    const world = await createWorld();
    const started = Date.now();
    const hanging = await upload(world, "LEARNPATH TEST FAULT: HANG", "hang.txt");
    const good = await upload(world, numberedPdf(2), "two pages.pdf");
    // The good file is read while the other hangs.
    expect((await finished(world, good.body.id)).status).toBe("ready");
    expect((await call("GET /sources/:id", { token: world.admin.token, params: { id: String(hanging.body.id) } })).body.status).toBe("extracting");
    const failed = await finished(world, hanging.body.id);
    expect(failed).toMatchObject({ status: "failed", failure: "Reading this file took longer than 10 seconds, so it was stopped. The file may be damaged or unusually complex: save or export it again and upload the new file." });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect(await passageCount(hanging.body.id)).toBe(0);
    // And the worker still serves the next one.
    const next = await upload(world, "Plain words after the hang.", "after.txt");
    expect((await finished(world, next.body.id)).status).toBe("ready");
  }, 40_000);

  it.each([
    ["an empty file", "", "empty.pdf", "This file is empty (0 bytes). Choose the file again: it may not have been saved yet."],
    ["a PNG named .pdf", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), "diagram.pdf", "This file is a PNG image, not a PDF. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["a zip named .docx", Buffer.from("504b0506000000000000000000000000000000000000", "hex"), "report.docx", "This file is a zip archive, not a Word document. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["an old .doc", Buffer.from("d0cf11e0a1b11ae1000000", "hex"), "old.doc", "This file is an older Office file (.doc, .xls or .ppt), not a Word document. Save it as .docx, or export it as a PDF, and upload that."],
  ])("%s is refused on upload (422) by what its bytes are, and nothing is stored", async (_name, bytes, fileName, message) => {
    const world = await createWorld();
    const refused = await upload(world, bytes, fileName);
    expect([refused.status, refused.body]).toEqual([422, { detail: message }]);
    expect(await getDb().select({ id: sources.id }).from(sources).where(eq(sources.topicId, world.topicId))).toEqual([]);
  });

  it("the same file twice in one topic is refused, naming the source already there", async () => {
    const world = await createWorld();
    expect((await upload(world, "Same words.", "first.txt")).status).toBe(201);
    const again = await upload(world, "Same words.", "second.txt");
    expect([again.status, again.body]).toEqual([409, { detail: 'This file is already among this topic\'s sources, as "first.txt".' }]);
    const other = await createWorld();
    expect((await upload(other, "Same words.", "first.txt")).status).toBe(201);
  });
});

describe("deleting", () => {
  it("a topic deletes its sources with their files and passages; an account its own", async () => {
    const world = await createWorld();
    const topicSource = await upload(world, "Words of the topic.", "topic.txt");
    const ownSource = await upload(world, "Words of my own.", "mine.txt", "a");
    await finished(world, topicSource.body.id);
    await finished(world, ownSource.body.id);
    await getDb().delete(topics).where(eq(topics.id, world.topicId));
    await getDb().delete(users).where(eq(users.id, world.a.id));
    for (const id of [topicSource.body.id, ownSource.body.id, world.sourceId]) {
      expect(await getDb().select().from(sources).where(eq(sources.id, id))).toEqual([]);
      expect(await getDb().select({ id: sourceFiles.sourceId }).from(sourceFiles).where(eq(sourceFiles.sourceId, id))).toEqual([]);
      expect(await passageCount(id)).toBe(0);
    }
  });

  it("a learner deletes their own source; another learner cannot", async () => {
    const world = await createWorld();
    const path = { params: { id: String(world.sourceId) } };
    expect((await call("DELETE /sources/:id", { token: world.b.token, ...path })).status).toBe(404);
    expect((await call("DELETE /sources/:id", { token: world.a.token, ...path })).status).toBe(204);
    expect((await call("GET /sources/:id", { token: world.a.token, ...path })).status).toBe(404);
  });
});
