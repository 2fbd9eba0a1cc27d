import "server-only";
import { renderAccountEmail, type AccountEmail } from "../../../emails/account-emails";
import { getEnv } from "../../platform/env";
import { sendJob, sendJobs, type SqlExecutor } from "../../platform/jobs/send";
import { sendEmailJob } from "./jobs/send-email";
import { toSendEmailPayload } from "./queued-email";
import { keepInDevelopmentOutbox } from "../../platform/mail/deliver";

/*
 * The one way a request sends mail: a send-email job written in the caller's transaction, so
 * the code row and its e-mail commit together and the request never waits for SMTP. In
 * development without SMTP_URL there is nothing to send through: the e-mail goes to the log and
 * the development outbox at once, in this process, so the code shows while the request answers.
 */
export async function enqueueEmail(tx: SqlExecutor, email: AccountEmail, codeExpiresAt?: Date): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) return keepInDevelopmentOutbox(email.to, renderAccountEmail(email, env.APP_URL));
  await sendJob(sendEmailJob, toSendEmailPayload(email, codeExpiresAt), { tx });
}

/** Many e-mails decided together (a reminder pass's), as one statement of send-email jobs in the caller's transaction. */
export async function enqueueEmails(tx: SqlExecutor, emails: readonly AccountEmail[]): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    for (const email of emails) keepInDevelopmentOutbox(email.to, renderAccountEmail(email, env.APP_URL));
    return;
  }
  await sendJobs(sendEmailJob, emails.map((email) => toSendEmailPayload(email)), { tx });
}
