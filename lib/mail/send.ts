import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { EmailContent } from "../../emails/layout";
import { getEnv } from "../env";
import { AppError } from "../http/app-error";

/*
 * Sends mail through SMTP_URL. Without it (development), the message is printed to the
 * server log, code included, and kept in an in-memory development outbox.
 */

export type OutboxMessage = { to: string; subject: string; text: string; sentAt: Date };

const OUTBOX_LIMIT = 50;
const globalForMail = globalThis as unknown as { __learnpathOutbox?: OutboxMessage[]; __learnpathTransport?: Transporter };

export function developmentOutbox(): OutboxMessage[] {
  globalForMail.__learnpathOutbox ??= [];
  return globalForMail.__learnpathOutbox;
}

function transport(smtpUrl: string): Transporter {
  globalForMail.__learnpathTransport ??= createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  } as SMTPTransport.Options);
  return globalForMail.__learnpathTransport;
}

/** Sends one e-mail or throws a 503 AppError the user can read; the caller rolls back its own writes. */
export async function sendEmail(to: string, content: EmailContent): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    const outbox = developmentOutbox();
    outbox.unshift({ to, subject: content.subject, text: content.text, sentAt: new Date() });
    outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
    console.log(`[mail] (no SMTP_URL: development outbox) to ${to}: ${content.subject}\n${content.text}`);
    return;
  }
  try {
    await transport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to, subject: content.subject, text: content.text, html: content.html });
  } catch (error) {
    console.error(`[mail] sending to ${to} failed:`, error instanceof Error ? error.message : error);
    throw new AppError("unavailable", "We could not send the e-mail right now. Please try again in a few minutes.");
  }
}
