import "server-only";
import type { Logger } from "pino";
import { renderAccountEmail, type AccountEmail } from "../../emails/account-emails";
import { isLiveCode, type CodePurpose } from "../accounts/codes";
import { seal, unseal } from "../auth/seal";
import { getEnv } from "../env";
import type { SendEmailPayload } from "./jobs/send-email";
import { deliverEmail } from "./send";

/*
 * An account e-mail as a send-email job carries it: the code sealed, with its expiry. A code that
 * could only arrive dead (expired, used or replaced by a resend) is not sent.
 */

const SEAL_PURPOSE = "mail-code";
const CODE_PURPOSE = { "verification-code": "register", "password-reset-code": "reset_password", "confirmation-code": "reauthenticate" } as const satisfies Record<string, CodePurpose>;

export function toSendEmailPayload(email: AccountEmail, expiresAt?: Date): SendEmailPayload {
  if (email.kind === "verification-code" || email.kind === "password-reset-code" || email.kind === "confirmation-code") {
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

/** Sends a queued e-mail; throws when SMTP fails, so pg-boss retries it. */
export async function deliverQueuedEmail(payload: SendEmailPayload, log: Logger<never>): Promise<"sent" | "skipped"> {
  if (payload.expiresAt && Date.parse(payload.expiresAt) <= Date.now()) {
    log.warn("not sent: the code expired before the mail server took it");
    return "skipped";
  }
  const email = toAccountEmail(payload);
  if (typeof email === "string") {
    log.error(`dropped: ${email}`);
    return "skipped";
  }
  // Mail jobs run in parallel and retry: a code a resend replaced meanwhile would only confuse.
  if ("code" in email && !(await isLiveCode(email.to, CODE_PURPOSE[email.kind], email.code))) {
    log.info("not sent: a newer code replaced it, or it was used");
    return "skipped";
  }
  await deliverEmail(email.to, renderAccountEmail(email, getEnv().APP_URL));
  return "sent";
}
