import "server-only";
import type { SqlExecutor } from "../jobs/send";
import { enqueueEmail } from "../mail/enqueue";
import { CODE_TTL_MINUTES, OTP_TYPE, type VerificationOTP } from "./email-otp";

/** A code's e-mail, as a send-email job (in the caller's transaction when it passes one). */
export async function sendCodeEmail(db: SqlExecutor, data: VerificationOTP): Promise<void> {
  const kind = data.type === OTP_TYPE.reset_password ? "password-reset-code" : data.type === OTP_TYPE.two_factor_recovery ? "two-factor-recovery-code" : "verification-code";
  await enqueueEmail(db, { kind, to: data.email, code: data.otp, ttlMinutes: CODE_TTL_MINUTES }, new Date(Date.now() + CODE_TTL_MINUTES * 60_000));
}
