import "server-only";
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import { getEnv } from "../env";
import { AppError } from "../http/app-error";

/*
 * One-time 6-digit codes (DESIGN.md section 6): from a CSPRNG, stored only as an HMAC, compared
 * in constant time, valid for 10 minutes, single use, tied to their purpose, at most 5 wrong
 * tries counted atomically. A resend replaces the code but cannot lift a lock early.
 */

export type CodePurpose = "register" | "reset_password";
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The database, or a transaction on it. */
export type DbOrTx = Database | Tx;

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** How long a locked code blocks resends, and how long a verified code stays usable. */
export const LOCK_MINUTES = 15;
export const VERIFIED_WINDOW_MINUTES = 15;

export const INVALID_CODE = "Invalid or expired code.";
export const LOCKED_CODE = "Too many attempts. Please request a new code.";

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

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

/**
 * Serialises, until the transaction ends, everything that rewrites one e-mail's code row for a
 * purpose: two sends at once must not each write pending_data without the other's request.
 */
export async function lockCodeRow(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`verification-code:${purpose}:${email}`}, 0))`);
}

/**
 * Issues (or replaces) the code for an e-mail and purpose inside the caller's transaction.
 * `nextPending` computes the row's pending_data from the current one (none: cleared).
 */
export async function issueCode(
  tx: Tx,
  email: string,
  purpose: CodePurpose,
  nextPending?: (current: unknown) => Record<string, unknown>,
): Promise<{ code: string; expiresAt: Date }> {
  await lockCodeRow(tx, email, purpose);
  const [existing] = await tx
    .select({ attempts: verificationCodes.attempts, createdAt: verificationCodes.createdAt, pendingData: verificationCodes.pendingData })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .for("update");
  if (existing && existing.attempts >= MAX_CODE_ATTEMPTS && existing.createdAt.getTime() > Date.now() - LOCK_MINUTES * 60_000) {
    const retry = Math.ceil((existing.createdAt.getTime() + LOCK_MINUTES * 60_000 - Date.now()) / 1000);
    throw new AppError("rate_limited", "Too many wrong codes. Please wait a few minutes before asking for a new one.", {
      retryAfterSeconds: Math.max(1, retry),
    });
  }

  const code = generateCode();
  const values = {
    email,
    purpose,
    codeHash: hashSecret(purpose, email, code),
    expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
    attempts: 0,
    consumedAt: null,
    verifiedAt: null,
    createdAt: sql`now()`,
    pendingData: nextPending ? nextPending(existing?.pendingData ?? null) : null,
  };
  const [row] = await tx
    .insert(verificationCodes)
    .values(values)
    .onConflictDoUpdate({ target: [verificationCodes.email, verificationCodes.purpose], set: values })
    .returning({ expiresAt: verificationCodes.expiresAt });
  return { code, expiresAt: row!.expiresAt };
}

/** A code that matched: its row, and which code it was (a resend replaces the hash, not the row). */
export type VerifiedCode = { id: number; codeHash: string; pendingData: unknown };

/** Checks a code; counts the try first (atomically), so parallel guesses cannot exceed the limit. */
export async function checkCode(email: string, purpose: CodePurpose, code: string): Promise<VerifiedCode> {
  const db = getDb();
  const tried = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        sql`${verificationCodes.consumedAt} IS NULL`,
        sql`${verificationCodes.verifiedAt} IS NULL`,
        sql`${verificationCodes.expiresAt} > now()`,
        sql`${verificationCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
      pendingData: verificationCodes.pendingData,
    });
  const row = tried[0];
  if (!row) {
    const [current] = await db
      .select({ attempts: verificationCodes.attempts, expiresAt: verificationCodes.expiresAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)));
    if (current && current.attempts >= MAX_CODE_ATTEMPTS && current.expiresAt > new Date()) {
      throw new AppError("rate_limited", LOCKED_CODE);
    }
    throw new AppError("bad_request", INVALID_CODE);
  }
  if (!sameHash(row.codeHash, hashSecret(purpose, email, code))) {
    throw new AppError(row.attempts >= MAX_CODE_ATTEMPTS ? "rate_limited" : "bad_request", row.attempts >= MAX_CODE_ATTEMPTS ? LOCKED_CODE : INVALID_CODE);
  }
  return { id: row.id, codeHash: row.codeHash, pendingData: row.pendingData };
}

/**
 * Deletes codes nobody can use any more (the maintenance job runs this): past their expiry, their
 * lock (which counts from creation) and the window in which a verified code still counts.
 */
export async function pruneVerificationCodes(): Promise<number> {
  const keepMinutes = Math.max(LOCK_MINUTES - CODE_TTL_MINUTES, VERIFIED_WINDOW_MINUTES);
  const result = await getDb().execute(sql`DELETE FROM verification_codes WHERE expires_at < now() - make_interval(mins => ${keepMinutes})`);
  return result.rowCount ?? 0;
}

/**
 * Inside the caller's transaction, uses up a code checkCode accepted, unless it was used or
 * replaced by a resend meanwhile (then false). `nextPending` gives the row's new pending_data.
 */
export async function useVerifiedCode(
  tx: Tx,
  email: string,
  purpose: CodePurpose,
  verified: VerifiedCode,
  nextPending: (current: unknown) => unknown,
): Promise<boolean> {
  await lockCodeRow(tx, email, purpose);
  const [row] = await tx
    .select({ pendingData: verificationCodes.pendingData })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.id, verified.id), eq(verificationCodes.codeHash, verified.codeHash), sql`${verificationCodes.consumedAt} IS NULL`))
    .for("update");
  if (!row) return false;
  await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()`, verifiedAt: sql`now()`, pendingData: nextPending(row.pendingData) ?? null })
    .where(eq(verificationCodes.id, verified.id));
  return true;
}

/** Whether this is still the usable code for the e-mail (not replaced by a resend, used or expired). */
export async function isLiveCode(email: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ codeHash: verificationCodes.codeHash })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        sql`${verificationCodes.consumedAt} IS NULL`,
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    );
  return Boolean(row && sameHash(row.codeHash, hashSecret(purpose, email, code)));
}
