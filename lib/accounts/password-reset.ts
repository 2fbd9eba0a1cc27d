import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users, verificationCodes } from "../../db/schema";
import { hashPassword } from "../auth/password";
import { endAllSessions } from "../auth/sessions";
import { AppError } from "../http/app-error";
import { enqueueEmail } from "../mail/enqueue";
import { hitLimit, LIMITS, reserveAttempt, SEND_CODE_LIMITS } from "../rate-limit";
import { checkCode, CODE_TTL_MINUTES, hashSecret, issueCode, newSecretToken, sameHash, VERIFIED_WINDOW_MINUTES, type DbOrTx } from "./codes";

/*
 * Password reset (SPEC.md section 4): code by e-mail, verify it for a one-time reset token,
 * set the new password with that token. Known and unknown e-mails get the same answer, the same
 * code row (a decoy for an unknown one) and an e-mail each (a code, or a note that no account
 * uses the address), so neither the response, the code lock nor the timing tells who has an account.
 */

export const RESET_SENT = "Check your email: we sent password reset instructions to";
const RESET_EXPIRED = "Your reset session has expired. Please request a new code.";

export async function sendPasswordResetCode(email: string, ip: string): Promise<{ message: string }> {
  await reserveAttempt(SEND_CODE_LIMITS, email, ip);
  const db = getDb();
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.email, email));
  // Every e-mail gets a code row, a decoy nobody is sent where there is no account: wrong guesses
  // then lock alike, and both paths do the same database work.
  await db.transaction(async (tx) => {
    const { code, expiresAt } = await issueCode(tx, email, "reset_password");
    await enqueueEmail(tx, user?.isActive ? { kind: "password-reset-code", to: email, code, ttlMinutes: CODE_TTL_MINUTES } : { kind: "no-account", to: email }, expiresAt);
  });
  return { message: `${RESET_SENT} ${email}.` };
}

export async function verifyPasswordResetCode(
  email: string,
  code: string,
  ip: string,
): Promise<{ message: string; reset_token: string }> {
  await hitLimit(LIMITS.verifyCodePerEmail, email);
  await hitLimit(LIMITS.verifyCodePerIp, ip);
  const verified = await checkCode(email, "reset_password", code);
  const resetToken = newSecretToken();
  await getDb()
    .update(verificationCodes)
    .set({ verifiedAt: sql`now()`, pendingData: { reset_token_hash: hashSecret("reset_token", email, resetToken) } })
    .where(eq(verificationCodes.id, verified.id));
  return { message: "Code verified successfully.", reset_token: resetToken };
}

/** The verified, unused reset code whose reset token this is (null: none, or not this token). */
async function resetCodeFor(db: DbOrTx, email: string, resetToken: string, forUpdate = false) {
  const query = db
    .select({ id: verificationCodes.id, pendingData: verificationCodes.pendingData })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, "reset_password"),
        sql`${verificationCodes.consumedAt} IS NULL`,
        sql`${verificationCodes.verifiedAt} > now() - make_interval(mins => ${VERIFIED_WINDOW_MINUTES})`,
      ),
    );
  const [row] = forUpdate ? await query.for("update") : await query;
  const expected = (row?.pendingData as { reset_token_hash?: string } | null)?.reset_token_hash;
  return row && expected && sameHash(expected, hashSecret("reset_token", email, resetToken)) ? row : null;
}

/** Sets the new password once per verified code; every older session and token stops working. */
export async function resetPassword(input: { email: string; password: string; reset_token: string }, ip: string): Promise<{ message: string }> {
  await hitLimit(LIMITS.resetPasswordPerIp, ip);
  // The token first: nobody makes the server hash a password without one.
  if (!(await resetCodeFor(getDb(), input.email, input.reset_token))) throw new AppError("bad_request", RESET_EXPIRED);
  const passwordHash = await hashPassword(input.password);
  return getDb().transaction(async (tx) => {
    const row = await resetCodeFor(tx, input.email, input.reset_token, true);
    if (!row) throw new AppError("bad_request", RESET_EXPIRED);
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.email, input.email), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!updated.length) throw new AppError("bad_request", RESET_EXPIRED);
    // Every session of the old password ends with it.
    await endAllSessions(updated[0]!.id, tx);
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()`, pendingData: null })
      .where(eq(verificationCodes.id, row.id));
    return { message: "Password reset successfully. You can now log in with your new password." };
  });
}
