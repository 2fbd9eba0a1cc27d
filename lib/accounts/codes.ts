import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../db/client";
import { verifications } from "../../db/schema";
import { getEnv } from "../platform/env";
import { hashOtp, MAX_CODE_ATTEMPTS, OTP_TYPE, otpIdentifier, type CodePurpose } from "./email-otp";

/*
 * One-time 6-digit codes (docs/product-rules.md, "Accounts") on Better Auth's email-OTP plugin
 * (lib/accounts/email-otp.ts): it generates them, stores them as an HMAC in its `verifications`
 * table, counts wrong tries atomically and refuses a code after MAX_CODE_ATTEMPTS. What it does
 * not do, we add: the try that reaches the limit answers "locked" at once, and the lock holds for
 * LOCK_MINUTES (a lock row beside the code), so a resend cannot lift it early
 * (lib/accounts/code-checks.ts, which issues and checks codes through the plugin); a code is
 * single use for our flows (consumeCode, in the caller's transaction).
 *
 * This module reads and writes the rows and needs no Better Auth instance, so the mail job can
 * ask it whether a code is still live (isLiveCode) without importing the instance that sends mail.
 */

export { CODE_TTL_MINUTES, MAX_CODE_ATTEMPTS, type CodePurpose } from "./email-otp";

/** How long a locked code blocks resends, and how long a verified code stays usable. */
export const LOCK_MINUTES = 15;
export const VERIFIED_WINDOW_MINUTES = 15;

export const INVALID_CODE = "Invalid or expired code.";

/** A one-time token handed to a client (sign-up, registration, reset); the server keeps only its hashSecret. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(purpose: string, email: string, secret: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`${purpose}\u0000${email}\u0000${secret}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Serialises, until the transaction ends, everything that rewrites one e-mail's rows for a purpose. */
export async function lockCodeRow(tx: Transaction, email: string, purpose: CodePurpose): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`verification-code:${purpose}:${email}`}, 0))`);
}

/** The row that locks an e-mail's codes for a purpose (lib/accounts/code-checks.ts). */
export const lockIdentifier = (email: string, purpose: CodePurpose) => `${OTP_TYPE[purpose]}-otp-lock-${email}`;

/** A live row of ours in the verifications table (a lock, a sign-up's requests, a reset token), newest first. */
export async function readVerification(db: DatabaseOrTransaction, identifier: string): Promise<{ id: number; value: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: verifications.id, value: verifications.value, createdAt: verifications.createdAt })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)))
    .orderBy(desc(verifications.createdAt), desc(verifications.id))
    .limit(1);
  return row;
}

/** Replaces the rows of one identifier with this value until `minutes` from now. */
export async function writeVerification(tx: DatabaseOrTransaction, identifier: string, value: string, minutes: number): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.identifier, identifier));
  await tx.insert(verifications).values({ identifier, value, expiresAt: sql`now() + make_interval(mins => ${minutes})` });
}

/** The plugin's code row: its stored hash and the wrong tries counted on it. */
export async function codeRow(db: DatabaseOrTransaction, email: string, purpose: CodePurpose) {
  const row = await readVerification(db, otpIdentifier(email, purpose));
  if (!row) return undefined;
  const at = row.value.lastIndexOf(":");
  return { hash: row.value.slice(0, at), attempts: Number(row.value.slice(at + 1)) || 0 };
}

/**
 * Inside the caller's transaction, uses up a code checkCode accepted, unless it was used or
 * replaced by a resend meanwhile (then false).
 */
export async function consumeCode(tx: Transaction, email: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const used = await tx
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, otpIdentifier(email, purpose)),
        sql`${verifications.value} LIKE ${`${hashOtp(code)}:%`}`,
        gt(verifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verifications.id });
  return used.length > 0;
}

/** Whether this is still the usable code for the e-mail (not replaced by a resend, used, locked or expired). */
export async function isLiveCode(db: DatabaseOrTransaction, email: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const row = await codeRow(db, email, purpose);
  return Boolean(row && row.attempts < MAX_CODE_ATTEMPTS && sameHash(row.hash, hashOtp(code)));
}

/** Deletes verifications nobody can use any more (the maintenance job runs this; Better Auth also does now and then). */
export async function pruneVerifications(db: DatabaseOrTransaction): Promise<number> {
  const result = await db.execute(sql`DELETE FROM verifications WHERE expires_at < now()`);
  return result.rowCount ?? 0;
}
