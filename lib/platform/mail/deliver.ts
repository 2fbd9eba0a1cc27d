import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { EmailContent } from "../../../emails/layout";
import { getEnv } from "../env";
import { logger } from "../log/logger";

/*
 * The two ways an e-mail leaves: through SMTP_URL (only the mail worker does this, never a
 * request), or, in development without SMTP_URL, into the server log and an in-memory
 * development outbox, code included.
 */

export type OutboxMessage = { to: string; subject: string; text: string; sentAt: Date };

const OUTBOX_LIMIT = 50;
const globalForMail = globalThis as unknown as { __learnpathOutbox?: OutboxMessage[]; __learnpathTransport?: Transporter };

export function developmentOutbox(): OutboxMessage[] {
  globalForMail.__learnpathOutbox ??= [];
  return globalForMail.__learnpathOutbox;
}

export function keepInDevelopmentOutbox(to: string, content: EmailContent): void {
  const outbox = developmentOutbox();
  outbox.unshift({ to, subject: content.subject, text: content.text, sentAt: new Date() });
  outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
  logger().info({ to, subject: content.subject, text: content.text }, "no SMTP_URL: e-mail kept in the development outbox");
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

/** Hands one e-mail to the SMTP server; throws when it is refused or unreachable (the job retries). */
export async function deliverEmail(to: string, content: EmailContent): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) return keepInDevelopmentOutbox(to, content);
  await transport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to, subject: content.subject, text: content.text, html: content.html, headers: content.headers });
}
