import "server-only";
import { APIError } from "better-auth/api";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { verifications } from "../../db/schema";
import { getAuth } from "./auth/instance";
import { AppError } from "../platform/http/app-error";
import { codeRow, LOCK_MINUTES, lockIdentifier, writeVerification, INVALID_CODE } from "./codes";
import { CODE_TTL_MINUTES, MAX_CODE_ATTEMPTS, OTP_TYPE, otpIdentifier, type CodePurpose } from "./email-otp";

/*
 * Issuing and checking one-time codes through Better Auth's email-OTP plugin, with the lock our
 * rules add (lib/accounts/codes.ts has the rows: the lock, single use, whether a code is live).
 */

const LOCKED_CODE = "Too many attempts. Please request a new code.";
const RESEND_LOCKED = "Too many wrong codes. Please wait a few minutes before asking for a new one.";

async function lockedSeconds(db: DatabaseOrTransaction, email: string, purpose: CodePurpose): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${verifications.expiresAt} - now()))::int` })
    .from(verifications)
    .where(and(eq(verifications.identifier, lockIdentifier(email, purpose)), gt(verifications.expiresAt, sql`now()`)));
  return row?.seconds ?? 0;
}

/** Issues (or replaces) the code for an e-mail and purpose; a locked code blocks this until its lock ends. */
export async function issueCode(db: DatabaseOrTransaction, email: string, purpose: CodePurpose): Promise<{ code: string; expiresAt: Date }> {
  const retry = await lockedSeconds(db, email, purpose);
  if (retry > 0) throw new AppError("rate_limited", RESEND_LOCKED, { retryAfterSeconds: Math.max(1, retry) });
  // The plugin adds a row per code; the one it checks is the newest, so older ones go at once.
  await db.delete(verifications).where(eq(verifications.identifier, otpIdentifier(email, purpose)));
  const code = await getAuth().api.createVerificationOTP({ body: { email, type: OTP_TYPE[purpose] } });
  return { code, expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000) };
}

async function lockCode(db: DatabaseOrTransaction, email: string, purpose: CodePurpose): Promise<never> {
  await writeVerification(db, lockIdentifier(email, purpose), "locked", LOCK_MINUTES);
  throw new AppError("rate_limited", LOCKED_CODE);
}

const checking = new Map<string, Promise<unknown>>();

/**
 * Runs one e-mail's code checks one after another in this process. The plugin lets one check at a
 * time compare (it takes the code row while it does) and refuses the others uncounted; queued
 * here, parallel guesses each count, so the fifth locks the code whatever their timing.
 */
async function oneAtATime<T>(key: string, check: () => Promise<T>): Promise<T> {
  const before = checking.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(check);
  checking.set(key, mine);
  try {
    return await mine;
  } finally {
    if (checking.get(key) === mine) checking.delete(key);
  }
}

/**
 * Checks a code through the plugin (which counts the try and keeps the code for the caller's
 * consumeCode). The try that uses up the last attempt locks the code at once.
 */
export function checkCode(db: DatabaseOrTransaction, email: string, purpose: CodePurpose, code: string): Promise<void> {
  return oneAtATime(otpIdentifier(email, purpose), () => checkCodeNow(db, email, purpose, code));
}

async function checkCodeNow(db: DatabaseOrTransaction, email: string, purpose: CodePurpose, code: string): Promise<void> {
  if ((await lockedSeconds(db, email, purpose)) > 0) throw new AppError("rate_limited", LOCKED_CODE);
  try {
    await getAuth().api.checkVerificationOTP({ body: { email, type: OTP_TYPE[purpose], otp: code } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const reason = (error.body as { code?: string } | undefined)?.code;
    // The plugin answers this only after the code matched: sign-ups and decoy resets have no user yet.
    if (reason === "USER_NOT_FOUND") return;
    if (reason === "TOO_MANY_ATTEMPTS" || ((await codeRow(db, email, purpose))?.attempts ?? 0) >= MAX_CODE_ATTEMPTS) await lockCode(db, email, purpose);
    throw new AppError("bad_request", INVALID_CODE);
  }
}
