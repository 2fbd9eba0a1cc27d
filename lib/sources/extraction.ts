import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDb } from "../../db/client";
import { sourceFiles, sourcePassages, sources } from "../../db/schema";
import { getEnv } from "../env";
import { afterTopicSourceRead } from "../topics/sources-first";
import { MEDIA_TYPES } from "./detect";
import { ExtractionFailure, runExtractor } from "./extractor/run";
import { splitIntoPassages } from "./passages";

/*
 * A source's extraction, run by the worker's extract-source job (docs/sources.md): the file is
 * read in a child process with the configured limits, its progress (pages done of the total)
 * written to the source's row as it goes, and its passages written in one transaction with the
 * status `ready`, replacing any a previous try left. A file that cannot be used ends `failed`
 * with the message to show and no passages; nothing in between is ever visible.
 */

/** How often, at most, progress is written to the row. */
const PROGRESS_EVERY_MS = 300;
const INSERT_BATCH = 500;

export function extractorLimits() {
  const env = getEnv();
  return { timeoutMs: env.SOURCE_EXTRACT_TIMEOUT_MS, memoryMb: env.SOURCE_EXTRACT_MEMORY_MB, maxPages: env.SOURCE_MAX_PAGES };
}

/** Ends a source that is still being worked on as failed, without passages. */
export async function failSource(sourceId: number, message: string): Promise<void> {
  await getDb().transaction(async (tx) => {
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

export async function extractSource(sourceId: number, log: Logger<never>): Promise<void> {
  const db = getDb();
  // A retry starts over: the row goes back to page 0.
  const [claimed] = await db
    .update(sources)
    .set({ status: "extracting", pagesDone: 0, pagesTotal: null, failure: null, updatedAt: new Date() })
    .where(and(eq(sources.id, sourceId), inArray(sources.status, ["queued", "extracting"])))
    .returning({ fileName: sources.fileName });
  if (!claimed) return log.info("source gone or already extracted; nothing to do");
  const [file] = await db.select({ bytes: sourceFiles.bytes }).from(sourceFiles).where(eq(sourceFiles.sourceId, sourceId));
  if (!file) return failSource(sourceId, "The uploaded file is missing. Upload it again.");

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
  try {
    extraction = await runExtractor({ bytes: new Uint8Array(file.bytes), fileName: claimed.fileName, maxPages: getEnv().SOURCE_MAX_PAGES }, extractorLimits(), onProgress);
  } catch (error) {
    await writes.catch(() => undefined);
    if (!(error instanceof ExtractionFailure)) throw error;
    log[error.stderr ? "warn" : "info"]({ reason: error.message, ...(error.stderr ? { stderr: error.stderr } : {}) }, "source cannot be used");
    return failSource(sourceId, error.message);
  }
  await writes;
  const passages = splitIntoPassages(extraction.pages);
  if (!passages.length) return failSource(sourceId, "No text could be found in this file.");
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
  log.info({ pages: extraction.pagesTotal, passages: passages.length }, "source extracted");
}
