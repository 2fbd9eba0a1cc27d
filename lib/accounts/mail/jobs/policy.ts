import type { QueueOptions } from "pg-boss";

/*
 * What the mail queues share. A stuck SMTP conversation is abandoned (and retried) after two
 * minutes; completed jobs go after an hour: they carry codes (sealed, see lib/accounts/auth/seal.ts) that
 * nobody needs afterwards.
 */
export const MAIL_KEEP = {
  expireInSeconds: 120,
  deleteAfterSeconds: 60 * 60,
  retentionSeconds: 24 * 60 * 60,
} satisfies QueueOptions;

/** NOTIFY wakes the handler the moment a request commits a mail job; retries arrive without one. */
export const MAIL_POLL_SECONDS = 1;
