import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { sourceFiles, sourcePassages, sources, topics } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { sendJob } from "../../platform/jobs/send";
import type { ListRange, Slice } from "../../platform/pagination";
import type { PassageView, SourceView } from "./responses";
import { assertMayAddOwnSource, endUploadSlot, lockUser } from "./allowance";
import { detectKind, MEDIA_TYPES, SourceRejection } from "./detect";
import { extractSourceJob } from "./jobs/extract-source";
import { listWhere } from "./source-list";

export { listTopicSources } from "./source-list";

/*
 * Sources (docs/sources.md): adding one (its type checked from its bytes, the original and its
 * extraction job written in one transaction), listing, reading and deleting them. Who may see a
 * source: an admin, any; a learner, their own (anyone else's is a 404, as if it did not exist).
 * A topic's sources are an admin's to manage; learners reach their passages through the
 * courses written from them (course-sources.ts).
 */

const NOT_FOUND = "No such source.";

export type Viewer = { id: number; role: "user" | "admin" };

/** Checked before the upload's body is read: the topic exists. */
export async function assertTopicExists(db: DatabaseOrTransaction, topicId: number): Promise<void> {
  const [topic] = await db.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
  if (!topic) throw new AppError("not_found", "No such topic.");
}

/** `uploadSlot`: the slot the upload took before its body was read (allowance.ts), ended as it is saved. */
export type NewSource = { fileName: string; bytes: Uint8Array; createdBy: number; uploadSlot?: number } & ({ topicId: number } | { ownerId: number });

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Saves an uploaded file and queues its extraction, in one transaction. The type comes from its
 * bytes: a file of another type is refused (422) with what it is. The same file twice in one
 * place (its topic, or its learner's own) is refused (409) naming the source already there.
 */
export async function addSource(db: Database, source: NewSource): Promise<SourceView> {
  let kind;
  try {
    kind = detectKind(source.bytes, source.fileName);
  } catch (error) {
    if (error instanceof SourceRejection) throw new AppError("invalid", error.message);
    throw error;
  }
  const sha256 = sha256Of(source.bytes);
  const holder = "topicId" in source ? { topicId: source.topicId } : { ownerId: source.ownerId };
  const id = await db.transaction(async (tx) => {
    if (source.uploadSlot !== undefined) await endUploadSlot(tx, source.uploadSlot);
    if ("ownerId" in source) {
      // One save at a time per learner, so two at once cannot both pass the limit; decided again
      // here, as the slot may have run out (and been taken by another upload) while this one arrived.
      await lockUser(tx, source.ownerId);
      await assertMayAddOwnSource(tx, source.ownerId);
    }
    const [inserted] = await tx
      .insert(sources)
      .values({ ...holder, fileName: source.fileName, mediaType: MEDIA_TYPES[kind], byteSize: source.bytes.byteLength, sha256, createdBy: source.createdBy })
      .onConflictDoNothing()
      .returning({ id: sources.id });
    if (!inserted) {
      const place = "topicId" in source ? and(eq(sources.topicId, source.topicId), eq(sources.sha256, sha256)) : and(eq(sources.ownerId, source.ownerId), eq(sources.sha256, sha256));
      const [existing] = await tx.select({ fileName: sources.fileName }).from(sources).where(place!);
      const where = "topicId" in source ? "this topic's sources" : "your sources";
      throw new AppError("conflict", `This file is already among ${where}, as "${existing?.fileName ?? source.fileName}".`);
    }
    await tx.insert(sourceFiles).values({ sourceId: inserted.id, bytes: Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength) });
    await sendJob(extractSourceJob, { sourceId: inserted.id }, { tx });
    return inserted.id;
  });
  const [view] = await listWhere(db, eq(sources.id, id));
  return view!;
}

export function listOwnSources(db: DatabaseOrTransaction, userId: number): Promise<SourceView[]> {
  return listWhere(db, eq(sources.ownerId, userId));
}

/** Who may see a source: an admin, any; anyone else, their own. */
function visibleTo(viewer: Viewer, sourceId: number): SQL {
  return viewer.role === "admin" ? eq(sources.id, sourceId) : and(eq(sources.id, sourceId), eq(sources.ownerId, viewer.id))!;
}

export async function getSource(db: DatabaseOrTransaction, viewer: Viewer, sourceId: number): Promise<SourceView> {
  const [view] = await listWhere(db, visibleTo(viewer, sourceId));
  if (!view) throw new AppError("not_found", NOT_FOUND);
  return view;
}

/** A page of a source's passages in reading order, with how many it has. */
export async function listPassages(db: DatabaseOrTransaction, viewer: Viewer, sourceId: number, range: ListRange): Promise<Slice<PassageView>> {
  const source = await getSource(db, viewer, sourceId);
  const items = await db
    .select({ id: sourcePassages.id, position: sourcePassages.position, page: sourcePassages.page, heading: sourcePassages.heading, text: sourcePassages.text })
    .from(sourcePassages)
    .where(eq(sourcePassages.sourceId, sourceId))
    .orderBy(asc(sourcePassages.position))
    .limit(range.limit)
    .offset(range.offset);
  return { items, total: source.passage_count };
}

/** Deletes a source with its file and passages (a running extraction finds it gone and stops). */
export async function deleteSource(db: DatabaseOrTransaction, viewer: Viewer, sourceId: number): Promise<void> {
  const deleted = await db.delete(sources).where(visibleTo(viewer, sourceId)).returning({ id: sources.id });
  if (!deleted.length) throw new AppError("not_found", NOT_FOUND);
}
