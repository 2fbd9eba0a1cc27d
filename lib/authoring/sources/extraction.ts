import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../../db/client";
import { sourceFiles, sourcePassages, sources, users } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { afterTopicSourceRead } from "./sources-first";
import { MEDIA_TYPES } from "./detect";
import { ExtractionFailure, ExtractionStopped, runExtractor } from "./extractor/run";
import { splitIntoPassages } from "./passages";

/*
 * A source's extraction, run by the worker's extraction jobs (docs/sources.md): the file is
 * read in a child process with the configured limits, its progress (pages done of the total)
 * written to the source's row as it goes, and its passages written in one transaction with the
 * status `ready`, replacing any a previous try left. A file that cannot be used ends `failed`
 * with the message to show and no passages; nothing in between is ever visible. A learner's
 * files are read one at a time, and a source deleted while it is read has its child stopped at
 * once (docs/sources.md, "Extraction slots").
 */

/** How often, at most, progress is written to the row. */
const PROGRESS_EVERY_MS = 300;
const INSERT_BATCH = 500;

/**
 * How often a running extraction looks whether its source still exists. Reading the row catches
 * every way a source goes (its own deletion in any web process, its topic's or its learner's
 * cascade) with no trigger or listening connection to keep alive; one indexed read a second per
 * running child costs nothing beside the child.
 */
const STILL_THERE_EVERY_MS = 1000;

export function extractorLimits() {
  const env = getEnv();
  return { timeoutMs: env.SOURCE_EXTRACT_TIMEOUT_MS, memoryMb: env.SOURCE_EXTRACT_MEMORY_MB, maxPages: env.SOURCE_MAX_PAGES, maxDecodedBytes: env.SOURCE_MAX_DECODED_MB * 1024 * 1024 };
}

/**
 * Marks the source `extracting` (a retry starts over at page 0). A learner's source only when no
 * other of theirs is being read: the learner's row is locked while this is decided, so two
 * workers taking two of one learner's files at once are decided one after the other. Null when
 * the source is gone or done; "not-your-turn" when another of its learner's files is being read.
 */
async function claim(db: Database, sourceId: number): Promise<{ fileName: string } | "not-your-turn" | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ ownerId: sources.ownerId }).from(sources).where(eq(sources.id, sourceId));
    if (!row) return null;
    if (row.ownerId !== null) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, row.ownerId)).for("update");
      const [busy] = await tx
        .select({ id: sources.id })
        .from(sources)
        .where(and(eq(sources.ownerId, row.ownerId), eq(sources.status, "extracting"), ne(sources.id, sourceId)));
      if (busy) return "not-your-turn";
    }
    const [claimed] = await tx
      .update(sources)
      .set({ status: "extracting", pagesDone: 0, pagesTotal: null, failure: null, updatedAt: new Date() })
      .where(and(eq(sources.id, sourceId), inArray(sources.status, ["queued", "extracting"])))
      .returning({ fileName: sources.fileName });
    return claimed ?? null;
  });
}

/** Aborts when the source is no longer being extracted (deleted, or ended by another try). */
function whileStillThere(db: Database, sourceId: number): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    db
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, sourceId), eq(sources.status, "extracting")))
      .then((rows) => {
        if (!rows.length) controller.abort();
      })
      // The database out of reach for a moment: the next look decides.
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, STILL_THERE_EVERY_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

/** Ends a source that is still being worked on as failed, without passages. */
export async function failSource(db: Database, sourceId: number, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sources)
      .set({ status: "failed", failure: message, updatedAt: new Date() })
      .where(and(eq(sources.id, sourceId), inArray(sources.status, ["queued", "extracting"])))
      .returning({ id: sources.id, topicId: sources.topicId });
    if (!row) return;
    await tx.delete(sourcePassages).where(eq(sourcePassages.sourceId, sourceId));
    // Its topic's other sources may be ready: the courses waiting for this one are written from them.
    if (row.topicId) await afterTopicSourceRead(tx, row.topicId, sourceId);
  });
}

/** "not-your-turn": another of the learner's files is being read; the caller tries again later. */
export async function extractSource(db: Database, sourceId: number, log: Logger<never>): Promise<"done" | "not-your-turn"> {
  const claimed = await claim(db, sourceId);
  if (claimed === "not-your-turn") return claimed;
  if (!claimed) {
    log.info("source gone or already extracted; nothing to do");
    return "done";
  }
  await readClaimed(db, sourceId, claimed.fileName, log);
  return "done";
}

async function readClaimed(db: Database, sourceId: number, fileName: string, log: Logger<never>): Promise<void> {
  const [file] = await db.select({ bytes: sourceFiles.bytes }).from(sourceFiles).where(eq(sourceFiles.sourceId, sourceId));
  if (!file) return failSource(db, sourceId, "The uploaded file is missing. Upload it again.");

  // Progress writes run one after another; the last is awaited before the final transaction.
  let writes = Promise.resolve();
  let lastWrite = 0;
  const onProgress = (done: number, total: number) => {
    const now = Date.now();
    if (done !== total && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    writes = writes.then(async () => {
      await db
        .update(sources)
        .set({ pagesDone: done, pagesTotal: total, updatedAt: new Date() })
        .where(and(eq(sources.id, sourceId), eq(sources.status, "extracting")));
    });
  };

  let extraction;
  let peakRssMb = 0;
  const limits = extractorLimits();
  const watch = whileStillThere(db, sourceId);
  try {
    extraction = await runExtractor({ bytes: new Uint8Array(file.bytes), fileName, maxPages: limits.maxPages, maxDecodedBytes: limits.maxDecodedBytes }, limits, onProgress, {
      signal: watch.signal,
      onPeakRss: (bytes) => (peakRssMb = Math.round(bytes / (1024 * 1024))),
    });
  } catch (error) {
    await writes.catch(() => undefined);
    if (error instanceof ExtractionStopped) return log.info({ peak_rss_mb: peakRssMb }, "source deleted while being read; its extraction was stopped");
    if (!(error instanceof ExtractionFailure)) throw error;
    log[error.stderr ? "warn" : "info"]({ reason: error.message, peak_rss_mb: peakRssMb, ...(error.stderr ? { stderr: error.stderr } : {}) }, "source cannot be used");
    return failSource(db, sourceId, error.message);
  } finally {
    watch.stop();
  }
  await writes;
  const passages = splitIntoPassages(extraction.pages);
  if (!passages.length) return failSource(db, sourceId, "No text could be found in this file.");
  await db.transaction(async (tx) => {
    // Deleted meanwhile (or ended by another try): nothing to save.
    const [row] = await tx.execute<{ topic_id: number | null }>(sql`SELECT topic_id FROM sources WHERE id = ${sourceId} AND status = 'extracting' FOR UPDATE`).then((r) => r.rows);
    if (!row) return;
    await tx.delete(sourcePassages).where(eq(sourcePassages.sourceId, sourceId));
    for (let i = 0; i < passages.length; i += INSERT_BATCH) {
      await tx.insert(sourcePassages).values(passages.slice(i, i + INSERT_BATCH).map((p) => ({ sourceId, ...p })));
    }
    await tx
      .update(sources)
      .set({ status: "ready", mediaType: MEDIA_TYPES[extraction.kind], pagesDone: extraction.pagesTotal, pagesTotal: extraction.pagesTotal, updatedAt: new Date() })
      .where(eq(sources.id, sourceId));
    // A topic's courses waiting for its sources are queued with the passages they will be written from.
    if (row.topic_id) await afterTopicSourceRead(tx, row.topic_id, sourceId);
  });
  log.info({ pages: extraction.pagesTotal, passages: passages.length, peak_rss_mb: peakRssMb }, "source extracted");
}
