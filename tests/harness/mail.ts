import type { PgBoss } from "pg-boss";
import { getDb } from "../../db/client";
import { afterAll, beforeAll } from "vitest";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../../e2e/fixtures/smtp-capture";
import { isLiveCode, type CodePurpose } from "../../lib/accounts/codes";
import { getEnv } from "../../lib/platform/env";
import { createBoss } from "../../lib/platform/jobs/boss";
import { mailJobs } from "../../worker/job-registry";
import { startJobRunner } from "../../lib/platform/jobs/runner";
import { sendEmailJob } from "../../lib/accounts/mail/jobs/send-email";

/*
 * Mail in integration tests goes the way it does in production: the request commits a
 * send-email job, the real mail worker (here inside the test process, on pg-boss) takes it and
 * delivers it over SMTP to a real capture server. Read codes with `latestCode`, which waits
 * for the message to arrive.
 */

/** The real mail worker on its own pg-boss instance, woken by NOTIFY as in the worker process. */
export async function startMailWorker(): Promise<PgBoss> {
  const env = getEnv();
  const boss = createBoss(env.DATABASE_URL, { max: 4, useListenNotify: true, schedule: false, superviseIntervalSeconds: 2 });
  await boss.start();
  await startJobRunner(boss, mailJobs, env);
  return boss;
}

/**
 * For a test file: an SMTP capture server as SMTP_URL and the mail worker delivering to it,
 * both started before the file's tests and stopped after them. Read `.smtp` inside tests.
 */
export function withMailDelivery(): { readonly smtp: SmtpCapture; pauseDelivery: () => Promise<void> } {
  let smtp: SmtpCapture | undefined;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    boss = await startMailWorker();
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true });
    await smtp?.close();
  });
  return {
    get smtp() {
      if (!smtp) throw new Error("withMailDelivery: the SMTP capture starts in beforeAll");
      return smtp;
    },
    /** Stops delivering (jobs stay queued): for measurements the worker's work would disturb. */
    pauseDelivery: async () => {
      await boss?.offWork(sendEmailJob.name);
    },
  };
}

/**
 * The code of the e-mail that carries the live code for this address and purpose (mail jobs run
 * in parallel, so after two sends the newest message to arrive need not be the newest code).
 */
export async function liveCode(messages: CapturedMail[], email: string, purpose: CodePurpose, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = messages.filter((m) => m.to.includes(email)).map((m) => m.text.match(/\b(\d{6})\b/)?.[1]);
    for (const code of codes) if (code && (await isLiveCode(getDb(), email, purpose, code))) return code;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} carries its live ${purpose} code`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
