import "server-only";
import type { PgBoss } from "pg-boss";
import { renderAccountEmail, type AccountEmail } from "../../emails/account-emails";
import { getEnv } from "../env";
import { getJobSender, sendJob, type SqlExecutor } from "../jobs/boss";
import { MAIL_QUEUE_DEFINITIONS, MAIL_QUEUES, MAIL_SEND_OPTIONS } from "./queues";
import { toSendEmailPayload } from "./send-email-job";
import { keepInDevelopmentOutbox } from "./send";

/*
 * The one way a request sends mail: a send-email job written in the caller's transaction, so
 * the code row and its e-mail commit together and the request never waits for SMTP. In
 * development without SMTP_URL there is nothing to send through: the e-mail goes to the log and
 * the development outbox at once, in this process, so the code shows while the request answers.
 */

const ready = new WeakMap<PgBoss, Promise<void>>();

// The sender creates the queues defined when it started; this module may load after that (a route
// compiled on first use), so the mail queues are made sure of once per sender.
function ensureMailQueues(boss: PgBoss): Promise<void> {
  let done = ready.get(boss);
  if (!done) {
    done = (async () => {
      for (const { name, ...options } of MAIL_QUEUE_DEFINITIONS) await boss.createQueue(name, options);
    })();
    done.catch(() => ready.delete(boss));
    ready.set(boss, done);
  }
  return done;
}

export async function enqueueEmail(tx: SqlExecutor, email: AccountEmail, codeExpiresAt?: Date): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) return keepInDevelopmentOutbox(email.to, renderAccountEmail(email, env.APP_URL));
  await ensureMailQueues(await getJobSender(env.DATABASE_URL));
  await sendJob(env.DATABASE_URL, MAIL_QUEUES.send, toSendEmailPayload(email, codeExpiresAt), MAIL_SEND_OPTIONS, tx);
}
