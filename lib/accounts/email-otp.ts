import "server-only";
import { createHmac } from "node:crypto";
import { emailOTP } from "better-auth/plugins";
import { getDb } from "../../db/client";
import { getEnv } from "../env";
import type { SqlExecutor } from "../jobs/send";
import { enqueueEmail } from "../mail/enqueue";

/*
 * Better Auth's email-OTP plugin, configured to our rules (DESIGN.md section 6): 6 digits from
 * its CSPRNG, valid CODE_TTL_MINUTES, at most MAX_CODE_ATTEMPTS tries, stored as an HMAC under
 * AUTH_SECRET (its "hashed" option is a bare SHA-256, which a million guesses reverse). Its
 * endpoints stay closed (lib/auth/handler.ts): lib/accounts/codes.ts drives it through its server
 * API, and every code e-mail leaves through our mail job.
 */

export type CodePurpose = "register" | "reset_password";
export type OtpType = "email-verification" | "forget-password";

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const OTP_TYPE = { register: "email-verification", reset_password: "forget-password" } as const satisfies Record<CodePurpose, OtpType>;

/** The plugin's identifier for an e-mail's code (its toOTPIdentifier). */
export const otpIdentifier = (email: string, purpose: CodePurpose) => `${OTP_TYPE[purpose]}-otp-${email}`;

export function hashOtp(otp: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`email-otp\u0000${otp}`).digest("hex");
}

/** A code's e-mail, as a send-email job (in the caller's transaction when it passes one). */
export async function sendCodeEmail(db: SqlExecutor, data: { email: string; otp: string; type: string }): Promise<void> {
  const kind = data.type === OTP_TYPE.reset_password ? "password-reset-code" : "verification-code";
  await enqueueEmail(db, { kind, to: data.email, code: data.otp, ttlMinutes: CODE_TTL_MINUTES }, new Date(Date.now() + CODE_TTL_MINUTES * 60_000));
}

export function emailOtpPlugin() {
  return emailOTP({
    otpLength: 6,
    expiresIn: CODE_TTL_MINUTES * 60,
    allowedAttempts: MAX_CODE_ATTEMPTS,
    storeOTP: { hash: async (otp) => hashOtp(otp) },
    disableSignUp: true,
    sendVerificationOTP: (data) => sendCodeEmail(getDb(), data),
  });
}
