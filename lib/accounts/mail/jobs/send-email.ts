import "server-only";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { deliverQueuedEmail } from "../queued-email";
import { sendEmailPayload, type SendEmailPayload } from "./send-email-payload";
import { MAIL_KEEP, MAIL_POLL_SECONDS } from "./policy";
import { sendEmailDeadLetterJob } from "./send-email-dead-letter";

/**
 * send-email: hands one e-mail to SMTP. A send that fails (SMTP down, a refused message) is
 * retried with exponential backoff for about as long as a code lives (10 minutes); after the last
 * try the job goes to the dead-letter queue, whose handler logs the loss.
 */
export const sendEmailJob = {
  name: "send-email",
  schema: sendEmailPayload,
  policy: () => ({
    queue: "standard",
    retryLimit: 12,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 120,
    ...MAIL_KEEP,
    deadLetter: sendEmailDeadLetterJob,
    concurrency: 4,
    pollSeconds: MAIL_POLL_SECONDS,
  }),
  handler: (payload, { db, log }) => deliverQueuedEmail(db, payload, log),
  describe: ({ kind, to }) => ({ kind, to }),
} satisfies JobDefinition<"send-email", SendEmailPayload>;
