import "server-only";
import { and, count, eq, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { sources, sourceUploads, users } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { AppError } from "../../platform/http/app-error";
import { logger } from "../../platform/log/logger";

/*
 * What one user may upload (docs/sources.md, "Uploads in flight"), decided before a byte of the
 * body is read and counted in PostgreSQL (table source_uploads), so it holds across every web
 * process: at most SOURCE_MAX_UPLOADS_IN_FLIGHT uploads of theirs at once (each is held in memory
 * while it arrives), and for a learner's own sources, the ones kept plus the ones under way within
 * SOURCE_MAX_PER_LEARNER. Every check runs with the user's row locked, so parallel uploads are
 * decided one after the other. An upload's slot is taken before its body and given back when its
 * request ends; one a dead process left runs out at `expires_at`.
 */

/** After the longest a request may take to arrive (the server cuts it then), time to save it. */
const SAVE_MARGIN_SECONDS = 60;

const leaseSeconds = () => Math.ceil(getEnv().HTTP_REQUEST_TIMEOUT_MS / 1000) + SAVE_MARGIN_SECONDS;

const ownLimitMessage = (max: number) =>
  max === 0 ? "Learners may not add sources of their own on this server." : `You may keep at most ${max} source${max === 1 ? "" : "s"} of your own: delete one before adding another.`;

const withUploadsMessage = (max: number) =>
  `You may keep at most ${max} source${max === 1 ? "" : "s"} of your own, counting your uploads still under way: wait for them to finish, or delete a source, before adding another.`;

const busyMessage = (max: number) =>
  max === 1 ? "You are already uploading a file: wait for it to finish before starting another." : `You are already uploading ${max} files: wait for one of them to finish before starting another.`;

/** Decides one user's uploads and saves one after the other, in whichever web process they arrive. */
export async function lockUser(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** The user's uploads under way; those a dead process left and that ran out are deleted first. */
async function uploadsInFlight(tx: Transaction, userId: number): Promise<{ own: boolean }[]> {
  await tx.delete(sourceUploads).where(and(eq(sourceUploads.userId, userId), lte(sourceUploads.expiresAt, sql`now()`)));
  return tx.select({ own: sourceUploads.own }).from(sourceUploads).where(eq(sourceUploads.userId, userId));
}

const ownOf = (uploads: { own: boolean }[]) => uploads.filter((upload) => upload.own).length;

async function assertWithinAllowance(tx: Transaction, userId: number, ownInFlight: number): Promise<void> {
  const max = getEnv().SOURCE_MAX_PER_LEARNER;
  const [{ n }] = (await tx.select({ n: count() }).from(sources).where(eq(sources.ownerId, userId))) as [{ n: number }];
  if (n >= max) throw new AppError("conflict", ownLimitMessage(max));
  if (n + ownInFlight >= max) throw new AppError("conflict", withUploadsMessage(max));
}

/**
 * The learner may add another source of their own: the ones they keep plus their uploads in
 * flight (other than the one being saved, already ended) stay within SOURCE_MAX_PER_LEARNER.
 * Call it in a transaction holding the learner's row (lockUser).
 */
export async function assertMayAddOwnSource(tx: Transaction, userId: number): Promise<void> {
  await assertWithinAllowance(tx, userId, ownOf(await uploadsInFlight(tx, userId)));
}

/** An upload's slot, taken: its id (for the save that ends it) and its release. */
export type UploadSlot = { id: number; release(): Promise<void> };

/**
 * Takes an upload's slot before its body is read: 409 when a learner's own sources, kept and in
 * flight, fill the allowance; 429 when the user already has SOURCE_MAX_UPLOADS_IN_FLIGHT uploads
 * under way. `own`: the upload is to the caller's own sources (else to a topic's).
 */
export async function takeUploadSlot(db: Database, userId: number, { own }: { own: boolean }): Promise<UploadSlot> {
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const inFlight = await uploadsInFlight(tx, userId);
    if (own) await assertWithinAllowance(tx, userId, ownOf(inFlight));
    const max = getEnv().SOURCE_MAX_UPLOADS_IN_FLIGHT;
    if (inFlight.length >= max) throw new AppError("rate_limited", busyMessage(max));
    const [slot] = await tx
      .insert(sourceUploads)
      .values({ userId, own, expiresAt: sql`now() + make_interval(secs => ${leaseSeconds()})` })
      .returning({ id: sourceUploads.id });
    return slot!.id;
  });
  return { id, release: () => releaseUploadSlot(db, id) };
}

/** Ends an upload's slot in the transaction that saves it, so the source and its slot never count twice. */
export async function endUploadSlot(tx: Transaction, id: number): Promise<void> {
  await tx.delete(sourceUploads).where(eq(sourceUploads.id, id));
}

/** Gives an upload's slot back (nothing if its save ended it). Never throws: a slot that could not be deleted runs out. */
async function releaseUploadSlot(db: Database, id: number): Promise<void> {
  try {
    await db.delete(sourceUploads).where(eq(sourceUploads.id, id));
  } catch (error) {
    logger().warn({ err: error, upload_id: id }, "an upload's slot could not be given back; it runs out on its own");
  }
}

/**
 * Runs an upload (`receive`: reading its body and saving it) holding its slot, and gives the slot
 * back when it ends, however it ends: saved, refused, the client gone, a server error.
 */
export async function whileUploading<T>(db: Database, userId: number, options: { own: boolean }, receive: (slotId: number) => Promise<T>): Promise<T> {
  const slot = await takeUploadSlot(db, userId, options);
  try {
    return await receive(slot.id);
  } finally {
    await slot.release();
  }
}
