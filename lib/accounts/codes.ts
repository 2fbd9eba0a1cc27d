import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
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
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

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

export function hashSecret(purpose: string, email: string, secret: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`${purpose}\u0000${email}\u0000${secret}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Issues (or replaces) the code for an e-mail and purpose inside the caller's transaction. */
export async function issueCode(
  tx: Tx,
  email: string,
  purpose: CodePurpose,
  pendingData?: Record<string, unknown>,
): Promise<{ code: string; expiresAt: Date }> {
  const [existing] = await tx
    .select({ attempts: verificationCodes.attempts, createdAt: verificationCodes.createdAt })
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
  };
  const [row] = await tx
    .insert(verificationCodes)
    .values({ ...values, pendingData: pendingData ?? null })
    .onConflictDoUpdate({
      target: [verificationCodes.email, verificationCodes.purpose],
      // A resend without new sign-up values keeps the ones given with the first send.
      set: { ...values, pendingData: pendingData ? pendingData : sql`${verificationCodes.pendingData}` },
    })
    .returning({ expiresAt: verificationCodes.expiresAt });
  return { code, expiresAt: row!.expiresAt };
}

export type VerifiedCode = { id: number; pendingData: Record<string, unknown> | null };

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
  return { id: row.id, pendingData: (row.pendingData as Record<string, unknown> | null) ?? null };
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
