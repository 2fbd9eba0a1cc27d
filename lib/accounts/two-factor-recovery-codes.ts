import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { twoFactors, users } from "../../db/schema";
import { AppError } from "../platform/http/app-error";
import { hitLimit, LIMITS, reserveAttempt, SEND_CODE_LIMITS } from "../platform/rate-limit";
import { checkCode, issueCode } from "./code-checks";
import { sendCodeEmail } from "./code-email";
import { consumeCode, INVALID_CODE, lockCodeRow } from "./codes";
import { OTP_TYPE } from "./email-otp";
import { authenticate } from "./sign-in";
import type { ChangeOrigin } from "./two-factor-notices";
import { startRecovery } from "./two-factor-recovery";

/*
 * "I lost my authenticator", from the log-in's second step: the password again (checked as log-in
 * checks it, with its limits), then a code to the mailbox (the code e-mails' limits), then that
 * code (the code checks' limits and lock, used once) starts the waiting period of
 * lib/accounts/two-factor-recovery.ts. Backup codes stay the first way back: the e-mail says so.
 */

const NOT_ON = "Two-factor authentication is not on.";

/** POST /two-factor/recovery/send-code: with the right password and two-factor sign-in on, a recovery code by e-mail. */
export async function sendRecoveryCode(db: Database, email: string, password: string, address: string): Promise<{ message: string }> {
  const user = await authenticate(db, email, password, address);
  if (!user.twoFactorEnabled) throw new AppError("bad_request", NOT_ON);
  await reserveAttempt(db, SEND_CODE_LIMITS, email, address);
  const { code } = await issueCode(db, email, "two_factor_recovery");
  await db.transaction(async (tx) => {
    await lockCodeRow(tx, email, "two_factor_recovery");
    await sendCodeEmail(tx, { email, otp: code, type: OTP_TYPE.two_factor_recovery });
  });
  return { message: `Check your email: we sent a recovery code to ${email}.` };
}

/** POST /two-factor/recovery/verify-code: the mailed code starts the waiting period (or answers the one already waiting). */
export async function verifyRecoveryCode(db: Database, email: string, code: string, origin: ChangeOrigin): Promise<{ message: string; ends_at: string }> {
  await hitLimit(db, LIMITS.verifyCodePerEmail, email);
  await hitLimit(db, LIMITS.verifyCodePerIp, origin.address);
  await checkCode(db, email, "two_factor_recovery", code);
  const endsAt = await db.transaction(async (tx) => {
    await lockCodeRow(tx, email, "two_factor_recovery");
    if (!(await consumeCode(tx, email, "two_factor_recovery", code))) throw new AppError("bad_request", INVALID_CODE);
    const [owner] = await tx
      .select({ id: users.id, email: users.email, twoFactorId: twoFactors.id })
      .from(users)
      .innerJoin(twoFactors, and(eq(twoFactors.userId, users.id), eq(twoFactors.verified, true)))
      .where(eq(users.email, email));
    if (!owner) throw new AppError("bad_request", NOT_ON);
    return startRecovery(tx, owner, owner.twoFactorId, origin);
  });
  return {
    message: `Two-factor sign-in will be removed from your account on ${endsAt.toUTCString()}, unless the recovery is cancelled before. We e-mail you every day until then.`,
    ends_at: endsAt.toISOString(),
  };
}
