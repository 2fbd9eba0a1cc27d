import type { Queue, SendOptions } from "pg-boss";
import { defineQueue } from "../jobs/boss";

/*
 * The mail queues. A send that fails (SMTP down, a refused message) is retried with exponential
 * backoff for about as long as a code lives (10 minutes); after the last try the job is copied
 * to the dead-letter queue, whose handler logs the loss. Completed jobs are deleted after an
 * hour: they carry codes (sealed, see lib/auth/seal.ts) that nobody needs afterwards.
 */

export const MAIL_QUEUES = {
  send: "send-email",
  deadLetter: "send-email-dead-letter",
} as const;

const RETRIES = {
  retryLimit: 12,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 120,
} satisfies SendOptions;

const KEEP = {
  // A stuck SMTP conversation is abandoned (and retried) after this long.
  expireInSeconds: 120,
  deleteAfterSeconds: 60 * 60,
  retentionSeconds: 24 * 60 * 60,
} satisfies SendOptions;

export const MAIL_QUEUE_DEFINITIONS: Queue[] = [
  { name: MAIL_QUEUES.deadLetter, policy: "standard", notify: true, ...KEEP },
  { name: MAIL_QUEUES.send, policy: "standard", deadLetter: MAIL_QUEUES.deadLetter, notify: true, ...RETRIES, ...KEEP },
];

for (const queue of MAIL_QUEUE_DEFINITIONS) defineQueue(queue);

/** Every mail job carries its retry policy, whatever an older copy of the queue row says. */
export const MAIL_SEND_OPTIONS: SendOptions = { ...RETRIES, ...KEEP, deadLetter: MAIL_QUEUES.deadLetter };
