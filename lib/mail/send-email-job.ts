import "server-only";
import { z } from "zod";
import { ACCOUNT_EMAIL_KINDS, renderAccountEmail, type AccountEmail } from "../../emails/account-emails";
import { isLiveCode, type CodePurpose } from "../accounts/codes";
import { seal, unseal } from "../auth/seal";
import { getEnv } from "../env";
import { deliverEmail } from "./send";
import { MAIL_QUEUES } from "./queues";

/*
 * send-email: one account e-mail. The code travels sealed (the job table never holds it in
 * clear), with its expiry: a code that could only arrive dead (expired, used or replaced by a
 * resend) is not sent.
 */

const SEAL_PURPOSE = "mail-code";
const CODE_PURPOSE = { "verification-code": "register", "password-reset-code": "reset_password" } as const satisfies Record<string, CodePurpose>;

export const sendEmailPayload = z.object({
  kind: z.enum(ACCOUNT_EMAIL_KINDS),
  to: z.string().min(3).max(254),
  sealedCode: z.string().optional(),
  ttlMinutes: z.number().int().positive().optional(),
  expiresAt: z.iso.datetime().optional(),
});

export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

export function toSendEmailPayload(email: AccountEmail, expiresAt?: Date): SendEmailPayload {
  if (email.kind === "verification-code" || email.kind === "password-reset-code") {
    return { kind: email.kind, to: email.to, sealedCode: seal(email.code, SEAL_PURPOSE), ttlMinutes: email.ttlMinutes, expiresAt: expiresAt?.toISOString() };
  }
  return { kind: email.kind, to: email.to };
}

function toAccountEmail(payload: SendEmailPayload): AccountEmail | string {
  if (payload.kind === "account-exists" || payload.kind === "no-account") return { kind: payload.kind, to: payload.to };
  const code = payload.sealedCode ? unseal(payload.sealedCode, SEAL_PURPOSE) : null;
  if (!code) return "its code cannot be opened (was AUTH_SECRET changed?)";
  return { kind: payload.kind, to: payload.to, code, ttlMinutes: payload.ttlMinutes ?? 10 };
}

export const sendEmailJob = {
  queue: MAIL_QUEUES.send,
  payload: sendEmailPayload,
  /** Sends the e-mail; throws when SMTP fails, so pg-boss retries it. */
  run: async (payload: SendEmailPayload): Promise<"sent" | "skipped"> => {
    if (payload.expiresAt && Date.parse(payload.expiresAt) <= Date.now()) {
      console.warn(`[mail] ${payload.kind} to ${payload.to} not sent: the code expired before the mail server took it`);
      return "skipped";
    }
    const email = toAccountEmail(payload);
    if (typeof email === "string") {
      console.error(`[mail] ${payload.kind} to ${payload.to} dropped: ${email}`);
      return "skipped";
    }
    // Mail jobs run in parallel and retry: a code a resend replaced meanwhile would only confuse.
    if ("code" in email && !(await isLiveCode(email.to, CODE_PURPOSE[email.kind], email.code))) {
      console.log(`[mail] ${payload.kind} to ${payload.to} not sent: a newer code replaced it, or it was used`);
      return "skipped";
    }
    await deliverEmail(email.to, renderAccountEmail(email, getEnv().APP_URL));
    return "sent";
  },
};
