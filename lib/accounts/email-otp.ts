import "server-only";
import { createHmac } from "node:crypto";
import { emailOTP } from "better-auth/plugins";
import { getEnv } from "../platform/env";

/*
 * Better Auth's email-OTP plugin, configured to our rules (docs/product-rules.md, "Accounts"): 6 digits from
 * its CSPRNG, valid CODE_TTL_MINUTES, at most MAX_CODE_ATTEMPTS tries, stored as an HMAC under
 * AUTH_SECRET (its "hashed" option is a bare SHA-256, which a million guesses reverse). Its
 * endpoints stay closed (lib/accounts/auth/handler.ts): lib/accounts/code-checks.ts drives it through its
 * server API, and every code e-mail leaves through our mail job (lib/accounts/code-email.ts).
 */

/**
 * Sign-up, password reset, a lost authenticator's recovery (lib/accounts/two-factor-recovery.ts),
 * and a signed-in caller without a password confirming it is them (lib/accounts/reauthentication.ts).
 */
export type CodePurpose = "register" | "reset_password" | "two_factor_recovery" | "reauthenticate";
export type OtpType = "email-verification" | "forget-password" | "sign-in" | "change-email";

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
// Each purpose takes its own kind of the plugin's codes, so a code mailed for one never passes for
// another: the recovery takes "sign-in" and a confirmation "change-email", which nothing else uses
// here (the plugin's endpoints for those are closed).
export const OTP_TYPE = {
  register: "email-verification",
  reset_password: "forget-password",
  two_factor_recovery: "sign-in",
  reauthenticate: "change-email",
} as const satisfies Record<CodePurpose, OtpType>;

/** The plugin's identifier for an e-mail's code (its toOTPIdentifier). */
export const otpIdentifier = (email: string, purpose: CodePurpose) => `${OTP_TYPE[purpose]}-otp-${email}`;

export function hashOtp(otp: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`email-otp\u0000${otp}`).digest("hex");
}

/** What the plugin hands its sender: the e-mail, the code and the plugin's type of code. */
export type VerificationOTP = { email: string; otp: string; type: string };
export type SendVerificationOTP = (data: VerificationOTP) => Promise<void>;

/** The plugin, sending its codes through `send` (lib/accounts/auth/instance.ts passes our mail job). */
export function emailOtpPlugin(send: SendVerificationOTP) {
  return emailOTP({
    otpLength: 6,
    expiresIn: CODE_TTL_MINUTES * 60,
    allowedAttempts: MAX_CODE_ATTEMPTS,
    storeOTP: { hash: async (otp) => hashOtp(otp) },
    disableSignUp: true,
    sendVerificationOTP: (data) => send(data),
  });
}
