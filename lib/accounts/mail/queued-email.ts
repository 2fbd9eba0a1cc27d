import "server-only";
import type { Logger } from "pino";
import type { DatabaseOrTransaction } from "../../../db/client";
import { renderAccountEmail, type AccountEmail } from "../../../emails/account-emails";
import { isLiveCode, type CodePurpose } from "../codes";
import { seal, unseal } from "../auth/seal";
import { getEnv } from "../../platform/env";
import { unsubscribeToken, wantsMail } from "../unsubscribe";
import type { SendEmailPayload } from "./jobs/send-email-payload";
import { deliverEmail } from "../../platform/mail/deliver";

/*
 * An account e-mail as a send-email job carries it: a code sealed, with its expiry; a link's token
 * sealed; a reminder's or a course-ready e-mail's unsubscribe token not at all (it is made again from the user id). A code that could only arrive dead (expired, used or replaced by a resend) is not sent;
 * a notice about the second factor always is (it tells of something that happened).
 */

const SEAL_PURPOSE = "mail-code";
const LINK_SEAL_PURPOSE = "mail-link";
const CODE_PURPOSE = {
  "verification-code": "register",
  "password-reset-code": "reset_password",
  "two-factor-recovery-code": "two_factor_recovery",
  "confirmation-code": "reauthenticate",
} as const satisfies Record<string, CodePurpose>;

const sealedToken = (token: string | undefined) => (token ? { sealedToken: seal(token, LINK_SEAL_PURPOSE) } : {});

export function toSendEmailPayload(email: AccountEmail, expiresAt?: Date): SendEmailPayload {
  const base = { kind: email.kind, to: email.to };
  switch (email.kind) {
    case "verification-code":
    case "password-reset-code":
    case "two-factor-recovery-code":
    case "confirmation-code":
      return { ...base, sealedCode: seal(email.code, SEAL_PURPOSE), ttlMinutes: email.ttlMinutes, expiresAt: expiresAt?.toISOString() };
    case "account-exists":
    case "no-account":
      return base;
    case "two-factor-on":
      return { ...base, change: email.change, reportDays: email.reportDays, ...sealedToken(email.token) };
    case "two-factor-off":
      return { ...base, change: email.change, cause: email.cause, ...sealedToken(email.token) };
    case "two-factor-recovery-pending":
      return { ...base, change: email.change, endsAt: email.endsAt, reminder: email.reminder, ...sealedToken(email.token) };
    case "two-factor-recovery-cancelled":
      return { ...base, change: email.change, cause: email.cause };
    case "reminder":
      return { ...base, userId: email.userId, dueCount: email.dueCount, streakAtRisk: email.streakAtRisk };
    case "course-ready":
      return { ...base, userId: email.userId, courseId: email.courseId, courseTitle: email.courseTitle };
  }
}

const MISSING = "its payload lacks what the e-mail says";

function toAccountEmail(payload: SendEmailPayload): AccountEmail | string {
  const { kind, to, change, cause } = payload;
  if (kind === "account-exists" || kind === "no-account") return { kind, to };
  if (kind === "reminder") {
    const { userId, dueCount, streakAtRisk } = payload;
    return userId && dueCount !== undefined && streakAtRisk !== undefined ? { kind, to, userId, dueCount, streakAtRisk, token: unsubscribeToken(userId) } : MISSING;
  }
  if (kind === "course-ready") {
    const { userId, courseId, courseTitle } = payload;
    return userId && courseId && courseTitle !== undefined ? { kind, to, userId, courseId, courseTitle, token: unsubscribeToken(userId, "course-ready") } : MISSING;
  }
  if (kind === "verification-code" || kind === "password-reset-code" || kind === "two-factor-recovery-code" || kind === "confirmation-code") {
    const code = payload.sealedCode ? unseal(payload.sealedCode, SEAL_PURPOSE) : null;
    if (!code) return "its code cannot be opened (was AUTH_SECRET changed?)";
    return { kind, to, code, ttlMinutes: payload.ttlMinutes ?? 10 };
  }
  const token = payload.sealedToken ? unseal(payload.sealedToken, LINK_SEAL_PURPOSE) : undefined;
  if (token === null) return "its link cannot be opened (was AUTH_SECRET changed?)";
  if (!change) return MISSING;
  switch (kind) {
    case "two-factor-on":
      return token && payload.reportDays ? { kind, to, change, token, reportDays: payload.reportDays } : MISSING;
    case "two-factor-off":
      return cause === "settings" || cause === "report" || cause === "recovery" || cause === "admin" ? { kind, to, change, cause, token } : MISSING;
    case "two-factor-recovery-pending":
      return token && payload.endsAt ? { kind, to, change, token, endsAt: payload.endsAt, reminder: payload.reminder ?? false } : MISSING;
    case "two-factor-recovery-cancelled":
      return cause === "sign-in" || cause === "link" ? { kind, to, change, cause } : MISSING;
  }
}

/** Sends a queued e-mail; throws when SMTP fails, so pg-boss retries it. */
export async function deliverQueuedEmail(db: DatabaseOrTransaction, payload: SendEmailPayload, log: Logger<never>): Promise<"sent" | "skipped"> {
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
  if ("code" in email && !(await isLiveCode(db, email.to, CODE_PURPOSE[email.kind], email.code))) {
    log.info("not sent: a newer code replaced it, or it was used");
    return "skipped";
  }
  // A reminder or course-ready e-mail waiting out an SMTP outage is not sent to a learner who unsubscribed meanwhile.
  const list = email.kind === "reminder" ? "reminders" : email.kind === "course-ready" ? "course-ready" : null;
  if (list && "userId" in email && !(await wantsMail(db, email.userId, list))) {
    log.info(`not sent: the learner turned ${list === "reminders" ? "reminders" : "course-ready e-mails"} off`);
    return "skipped";
  }
  await deliverEmail(email.to, renderAccountEmail(email, getEnv().APP_URL));
  return "sent";
}
