import "server-only";
import { randomInt } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { twoFactors, users } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { AppError } from "../../platform/http/app-error";
import type { TwoFactorSetup } from "../responses";
import { claimStep, forgetSteps, matchingStep } from "./totp-steps";

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s) and ten backup
 * codes, stored in Better Auth's two-factor format (its table, both encrypted with AUTH_SECRET by
 * its symmetricEncrypt). Turning it on gives the app's otpauth:// URI and the backup codes once;
 * it counts only after a code from the app confirms it. Wrong codes are counted on the row:
 * MAX_FAILURES in a row lock it for LOCK_MINUTES (docs/product-rules.md, "Accounts"). Each step of
 * the app's codes is accepted once per account, whichever call checks it (lib/accounts/auth/totp-steps.ts);
 * a backup code is spent by its use. Who the caller is (password, or a mailed code) and the limits
 * these calls sit behind are checked before them (lib/accounts/two-factor-settings.ts).
 */

export const ISSUER = "LearnPath";
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const BACKUP_CODES = 10;
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

export const TWO_FACTOR_REQUIRED = "Two-factor code required.";
export const INVALID_TWO_FACTOR_CODE = "Invalid two-factor code.";
const LOCKED = "Too many wrong codes. Please wait a few minutes and try again.";
// checkCode's word for it: a confirmation that lost the race with another reads as one that came too late.
const NOT_BEGUN = "Turn two-factor authentication on first.";

const key = () => getEnv().AUTH_SECRET;
const otp = (secret: string) => createOTP(secret, { digits: DIGITS, period: PERIOD_SECONDS });

/**
 * Backup codes are read off a screen or a printout and typed on a phone: digits and upper-case
 * letters without the look-alikes 0 and O, 1, I and L (no lower case, so no l either), 31
 * symbols, 10 of them (about 49 bits), as XXXXX-XXXXX. They may be typed in any case (checkCode).
 */
export const BACKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function newBackupCode(): string {
  const symbols = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join("");
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODES }, newBackupCode);
}

/** POST /users/me/two-factor (once the caller proved they hold the account): a new secret and backup codes, waiting for a code from the app. */
export async function beginTwoFactor(db: DatabaseOrTransaction, userId: number, email: string): Promise<TwoFactorSetup> {
  const [current] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (current?.verified) throw new AppError("conflict", "Two-factor authentication is already on.");
  const secret = generateRandomString(32);
  const backupCodes = newBackupCodes();
  const row = {
    userId,
    secret: await symmetricEncrypt({ key: key(), data: secret }),
    backupCodes: await symmetricEncrypt({ key: key(), data: JSON.stringify(backupCodes) }),
    verified: false,
    failedVerificationCount: 0,
    lockedUntil: null,
  };
  await db.insert(twoFactors).values(row).onConflictDoUpdate({ target: twoFactors.userId, set: row });
  // The steps used with an earlier secret say nothing about this one's codes.
  await forgetSteps(db, userId);
  return { otpauth_uri: otp(secret).url(ISSUER, email), backup_codes: backupCodes };
}

type CodeKind = "totp" | "totp-or-backup";

/**
 * Checks a code against the user's two-factor row, inside one transaction holding the row: counts
 * a wrong one (locking the row after MAX_FAILURES), spends the app's step or the backup code that
 * matched (a step already used counts as wrong). Returns whether it matched; throws 429 while
 * locked, 400 when there is no row.
 */
async function checkCode(db: Database, userId: number, code: string, kind: CodeKind, wantVerified: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactors).where(eq(twoFactors.userId, userId)).for("update");
    if (!row || row.verified !== wantVerified) throw new AppError("bad_request", wantVerified ? "Two-factor authentication is not on." : "Turn two-factor authentication on first.");
    if (row.lockedUntil && row.lockedUntil > new Date()) {
      throw new AppError("rate_limited", LOCKED, { retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000) });
    }
    const given = code.trim();
    let matched = false;
    if (/^\d{6}$/.test(given)) {
      const app = otp(await symmetricDecrypt({ key: key(), data: row.secret }));
      const step = await matchingStep(given, Math.floor(Date.now() / (PERIOD_SECONDS * 1000)), app.hotp);
      matched = step !== null && (await claimStep(tx, userId, step));
    }
    let backupCodes = row.backupCodes;
    if (!matched && kind === "totp-or-backup") {
      const codes = JSON.parse(await symmetricDecrypt({ key: key(), data: row.backupCodes })) as string[];
      // In any case: the code field writes upper case, and codes made before the alphabet above mix cases.
      const spent = codes.find((c) => c.toUpperCase() === given.toUpperCase());
      if (spent) {
        matched = true;
        backupCodes = await symmetricEncrypt({ key: key(), data: JSON.stringify(codes.filter((c) => c !== spent)) });
      }
    }
    const failures = matched ? 0 : row.failedVerificationCount + 1;
    await tx
      .update(twoFactors)
      .set({
        backupCodes,
        failedVerificationCount: failures >= MAX_FAILURES ? 0 : failures,
        lockedUntil: failures >= MAX_FAILURES ? sql`now() + make_interval(mins => ${LOCK_MINUTES})` : row.lockedUntil,
      })
      .where(eq(twoFactors.id, row.id));
    return matched;
  });
}

/** A current code from the app for a set-up not yet confirmed (POST /users/me/two-factor/confirm). */
export function checkSetupCode(db: Database, userId: number, code: string): Promise<boolean> {
  return checkCode(db, userId, code, "totp", false);
}

/** A current code from the app or an unused backup code (spent by this), with two-factor sign-in on. */
export function checkConfirmedCode(db: Database, userId: number, code: string): Promise<boolean> {
  return checkCode(db, userId, code, "totp-or-backup", true);
}

/**
 * In the caller's transaction: the confirmed set-up turns two-factor sign-in on, as of
 * `confirmedAt`; once only (a second confirmation racing the first is refused, so the first's
 * notice keeps the confirmation it reports).
 */
export async function markTwoFactorOn(tx: Transaction, userId: number, confirmedAt: Date): Promise<void> {
  const marked = await tx
    .update(twoFactors)
    .set({ verified: true, confirmedAt })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)))
    .returning({ id: twoFactors.id });
  if (!marked.length) throw new AppError("bad_request", NOT_BEGUN);
  await tx.update(users).set({ twoFactorEnabled: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** In the caller's transaction: two-factor sign-in off, its secret and backup codes gone. */
export async function removeTwoFactor(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.update(users).set({ twoFactorEnabled: false, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** At sign-in (and before deleting the account), after the password: a current code from the app or an unused backup code (spent by this). */
export async function verifySignInCode(db: Database, userId: number, code: string): Promise<boolean> {
  return checkCode(db, userId, code, "totp-or-backup", true);
}
