import "server-only";
import type { SqlExecutor } from "../platform/jobs/send";
import { enqueueEmail } from "./mail/enqueue";
import { CODE_TTL_MINUTES, OTP_TYPE, type VerificationOTP } from "./email-otp";

const KIND_OF_TYPE: Record<string, "password-reset-code" | "two-factor-recovery-code" | "confirmation-code"> = {
  [OTP_TYPE.reset_password]: "password-reset-code",
  [OTP_TYPE.two_factor_recovery]: "two-factor-recovery-code",
  [OTP_TYPE.reauthenticate]: "confirmation-code",
};

/** A code's e-mail, as a send-email job (in the caller's transaction when it passes one). */
export async function sendCodeEmail(db: SqlExecutor, data: VerificationOTP): Promise<void> {
  const kind = KIND_OF_TYPE[data.type] ?? "verification-code";
  await enqueueEmail(db, { kind, to: data.email, code: data.otp, ttlMinutes: CODE_TTL_MINUTES }, new Date(Date.now() + CODE_TTL_MINUTES * 60_000));
}
