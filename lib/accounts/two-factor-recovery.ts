import "server-only";
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { twoFactorRecoveries, users } from "../../db/schema";
import { removeTwoFactor } from "./auth/two-factor";
import { getEnv } from "../platform/env";
import { AppError } from "../platform/http/app-error";
import { enqueueEmail } from "./mail/enqueue";
import { hitLimit, LIMITS } from "../platform/rate-limit";
import { hashSecret, sameHash } from "./codes";
import { changeSeen, noticeTwoFactorOff, type ChangeOrigin } from "./two-factor-notices";

/*
 * A lost authenticator's recovery through the mailbox, with a waiting period (docs/product-rules.md,
 * "Two-factor sign-in"): once a mailed code confirmed it (lib/accounts/two-factor-recovery-codes.ts),
 * two-factor sign-in is removed only TWO_FACTOR_RECOVERY_DAYS later. The owner is e-mailed at the
 * start and every day until then; a sign-in with the second factor, or the e-mails' "cancel" link,
 * stops it. The two-factor-recovery job (lib/accounts/jobs/two-factor-recovery.ts) sends the
 * reminders and, at the end, removes the second factor.
 *
 * The cancel link's token is an HMAC under AUTH_SECRET of the recovery row (its id and start), so
 * every reminder can carry the same link without the token being stored anywhere; it dies with
 * the row.
 */

const DAY_MS = 24 * 60 * 60_000;
const CANCEL_EXPIRED = "This recovery is no longer waiting: it was cancelled or has ended.";

type Recovery = typeof twoFactorRecoveries.$inferSelect;
type Owner = { id: number; email: string };

const cancelMac = (row: Pick<Recovery, "id" | "userId" | "startedAt">) => hashSecret("two-factor-recovery-cancel", String(row.userId), `${row.id}:${row.startedAt.toISOString()}`);
const cancelToken = (row: Pick<Recovery, "id" | "userId" | "startedAt">) => `${row.id}.${cancelMac(row)}`;

const seenAtStart = (row: Recovery) => ({ at: row.startedAt.toISOString(), address: row.address, device: row.device });

/**
 * In the transaction that used the mailed code: starts the waiting period for this authenticator
 * and e-mails the owner; a recovery already waiting goes on unchanged. Returns when it ends.
 */
export async function startRecovery(tx: Transaction, owner: Owner, twoFactorId: number, origin: ChangeOrigin): Promise<Date> {
  // Milliseconds, as JavaScript keeps them: the cancel token is made from this very value.
  const startedAt = new Date();
  const seen = changeSeen(origin, startedAt);
  const [row] = await tx
    .insert(twoFactorRecoveries)
    .values({ userId: owner.id, twoFactorId, startedAt, endsAt: new Date(startedAt.getTime() + getEnv().TWO_FACTOR_RECOVERY_DAYS * DAY_MS), remindedAt: startedAt, address: seen.address, device: seen.device })
    .onConflictDoNothing({ target: twoFactorRecoveries.userId })
    .returning();
  if (!row) {
    const [waiting] = await tx.select({ endsAt: twoFactorRecoveries.endsAt }).from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, owner.id));
    return waiting!.endsAt;
  }
  await enqueueEmail(tx, { kind: "two-factor-recovery-pending", to: owner.email, change: seen, endsAt: row.endsAt.toISOString(), token: cancelToken(row), reminder: false });
  return row.endsAt;
}

/** A sign-in with the second factor: a waiting recovery of it is not needed; it stops, and the owner hears of it. */
export async function cancelRecoveryOnSignIn(db: Database, owner: Owner, origin: ChangeOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, owner.id)).returning({ id: twoFactorRecoveries.id });
    if (gone) await enqueueEmail(tx, { kind: "two-factor-recovery-cancelled", to: owner.email, change: changeSeen(origin), cause: "sign-in" });
  });
}

/** POST /two-factor/recovery/cancel: the e-mails' "cancel" link stops the recovery it names. */
export async function cancelRecoveryByLink(db: Database, token: string, origin: ChangeOrigin): Promise<{ message: string }> {
  await hitLimit(db, LIMITS.verifyCodePerIp, origin.address);
  const [idText, mac] = token.split(".");
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id < 1 || !mac || !/^[0-9a-f]{64}$/.test(mac)) throw new AppError("bad_request", CANCEL_EXPIRED);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.id, id)).for("update");
    if (!row || !sameHash(mac, cancelMac(row))) throw new AppError("bad_request", CANCEL_EXPIRED);
    await tx.delete(twoFactorRecoveries).where(eq(twoFactorRecoveries.id, id));
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    await enqueueEmail(tx, { kind: "two-factor-recovery-cancelled", to: owner!.email, change: changeSeen(origin), cause: "link" });
    return { message: "The recovery is cancelled: two-factor sign-in stays on. If you did not start it, reset your password now: whoever did knows it." };
  });
}

/**
 * The two-factor-recovery job's work, as of `now`: a reminder for every recovery not reminded
 * for a day, and the end of every recovery whose waiting period is over (two-factor sign-in
 * removed, the owner told, with a link that ends every session). Each in its own transaction
 * with its e-mail; rows another run holds are skipped.
 */
export async function advanceRecoveries(db: Database, now = new Date()): Promise<{ reminded: number; ended: number }> {
  const reminded = await db.transaction(async (tx) => {
    const due = await tx
      .update(twoFactorRecoveries)
      .set({ remindedAt: now })
      .where(and(gt(twoFactorRecoveries.endsAt, now), lte(twoFactorRecoveries.remindedAt, new Date(now.getTime() - DAY_MS))))
      .returning();
    if (!due.length) return 0;
    const owners = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, due.map((row) => row.userId)));
    const emailOf = new Map(owners.map((owner) => [owner.id, owner.email]));
    for (const row of due) {
      const to = emailOf.get(row.userId)!;
      await enqueueEmail(tx, { kind: "two-factor-recovery-pending", to, change: seenAtStart(row), endsAt: row.endsAt.toISOString(), token: cancelToken(row), reminder: true });
    }
    return due.length;
  });

  const over = await db.select({ id: twoFactorRecoveries.id }).from(twoFactorRecoveries).where(lte(twoFactorRecoveries.endsAt, now));
  let ended = 0;
  for (const { id } of over) if (await endRecovery(db, id, now)) ended++;
  return { reminded, ended };
}

async function endRecovery(db: Database, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(twoFactorRecoveries)
      .where(and(eq(twoFactorRecoveries.id, id), lte(twoFactorRecoveries.endsAt, now)))
      .for("update", { skipLocked: true });
    if (!row) return false;
    const [owner] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
    // Removing the second factor takes its recovery row with it (ON DELETE CASCADE).
    await removeTwoFactor(tx, row.userId);
    await noticeTwoFactorOff(tx, owner!, { ...seenAtStart(row), at: now.toISOString() }, "recovery");
    return true;
  });
}
