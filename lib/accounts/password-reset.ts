import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users, verifications } from "../../db/schema";
import { setPasswordHash } from "./auth/credentials";
import { hashPassword } from "./auth/password";
import { endAllSessions } from "./auth/sessions";
import { AppError } from "../platform/http/app-error";
import { enqueueEmail } from "./mail/enqueue";
import { hitLimit, LIMITS, reserveAttempt, SEND_CODE_LIMITS } from "../platform/rate-limit";
import { checkCode, issueCode } from "./code-checks";
import { consumeCode, hashSecret, INVALID_CODE, lockCodeRow, newSecretToken, readVerification, sameHash, VERIFIED_WINDOW_MINUTES, writeVerification } from "./codes";
import { sendCodeEmail } from "./code-email";
import { OTP_TYPE } from "./email-otp";

/*
 * Password reset (docs/product-rules.md, Accounts): code by e-mail, verify it for a one-time reset token,
 * set the new password with that token. Known and unknown e-mails get the same answer, the same
 * code row (a decoy for an unknown one) and an e-mail each (a code, or a note that no account
 * uses the address), so neither the response, the code lock nor the timing tells who has an account.
 * The reset token is kept as an HMAC in a verifications row (reset-token-<e-mail>); a new code
 * ends it.
 */

const resetTokenIdentifier = (email: string) => `reset-token-${email}`;

export const RESET_SENT = "Check your email: we sent password reset instructions to";
const RESET_EXPIRED = "Your reset session has expired. Please request a new code.";

export async function sendPasswordResetCode(db: Database, email: string, ip: string): Promise<{ message: string }> {
  await reserveAttempt(db, SEND_CODE_LIMITS, email, ip);
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.email, email));
  // Every e-mail gets a code row, a decoy nobody is sent where there is no account: wrong guesses
  // then lock alike, and both paths do the same database work.
  const { code } = await issueCode(db, email, "reset_password");
  await db.transaction(async (tx) => {
    await lockCodeRow(tx, email, "reset_password");
    await tx.delete(verifications).where(eq(verifications.identifier, resetTokenIdentifier(email)));
    if (user?.isActive) await sendCodeEmail(tx, { email, otp: code, type: OTP_TYPE.reset_password });
    else await enqueueEmail(tx, { kind: "no-account", to: email });
  });
  return { message: `${RESET_SENT} ${email}.` };
}

export async function verifyPasswordResetCode(
  db: Database,
  email: string,
  code: string,
  ip: string,
): Promise<{ message: string; reset_token: string }> {
  await hitLimit(db, LIMITS.verifyCodePerEmail, email);
  await hitLimit(db, LIMITS.verifyCodePerIp, ip);
  await checkCode(db, email, "reset_password", code);
  const resetToken = newSecretToken();
  await db.transaction(async (tx) => {
    await lockCodeRow(tx, email, "reset_password");
    if (!(await consumeCode(tx, email, "reset_password", code))) throw new AppError("bad_request", INVALID_CODE);
    await writeVerification(tx, resetTokenIdentifier(email), hashSecret("reset_token", email, resetToken), VERIFIED_WINDOW_MINUTES);
  });
  return { message: "Code verified successfully.", reset_token: resetToken };
}

/** Sets the new password once per verified code; every older session and token stops working. */
export async function resetPassword(db: Database, input: { email: string; password: string; reset_token: string }, ip: string): Promise<{ message: string }> {
  await hitLimit(db, LIMITS.resetPasswordPerIp, ip);
  // The token first: nobody makes the server hash a password without one.
  const tokenHash = hashSecret("reset_token", input.email, input.reset_token);
  const live = await readVerification(db, resetTokenIdentifier(input.email));
  if (!live || !sameHash(live.value, tokenHash)) throw new AppError("bad_request", RESET_EXPIRED);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Used once: the row goes with the first reset that reaches it.
    const used = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, resetTokenIdentifier(input.email)),
          eq(verifications.value, tokenHash),
          gt(verifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: verifications.id });
    if (!used.length) throw new AppError("bad_request", RESET_EXPIRED);
    const updated = await tx
      .update(users)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(users.email, input.email), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!updated.length) throw new AppError("bad_request", RESET_EXPIRED);
    await setPasswordHash(tx, updated[0]!.id, passwordHash);
    // Every session of the old password ends with it.
    await endAllSessions(tx, updated[0]!.id);
    return { message: "Password reset successfully. You can now log in with your new password." };
  });
}
