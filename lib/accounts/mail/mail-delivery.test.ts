import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { rateLimits } from "../../../db/schema";
import { latestCode, startSmtpCapture, type SmtpCapture } from "../../../e2e/fixtures/smtp-capture";
import { call } from "../../../tests/harness/http";
import { captureLog } from "../../../tests/harness/log";
import { startMailWorker } from "../../../tests/harness/mail";
import { pollUntil } from "../../../tests/harness/poll";
import { sendJob } from "../../platform/jobs/send";
import { sendEmailJob } from "./jobs/send-email";
import { toSendEmailPayload } from "./queued-email";

/*
 * Mail leaves through the worker, never inside a request: an SMTP outage costs no request and
 * no code, a refused message is retried, and one that never goes through is logged as lost.
 */

let smtp: SmtpCapture;
let worker: PgBoss;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  worker = await startMailWorker();
});

afterAll(async () => {
  await worker.stop({ graceful: false, close: true });
  await smtp.close();
});

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

let seq = 0;
const newEmail = () => `mail-${Date.now()}-${++seq}@example.com`;

type JobRow = { state: string; retry_count: number; data: Record<string, unknown> };

async function mailJobsTo(email: string): Promise<JobRow[]> {
  const result = await getDb().execute<JobRow>(
    sql`SELECT state::text AS state, retry_count, data FROM pgboss.job WHERE name = ${sendEmailJob.name} AND data->>'to' = ${email}`,
  );
  return result.rows;
}


describe("mail off the request path", () => {
  it("with the mail server down, send-code still answers 200; the code arrives once the server is back", async () => {
    const email = newEmail();
    const port = smtp.port;
    await smtp.close();

    const res = await call("POST /register/send-code", { json: { email, first_name: "Out", last_name: "Age", password: "outage-1" } });
    expect(res.status).toBe(200);
    // The worker tried, failed and scheduled a retry: the job is not lost.
    await pollUntil("a failed try", () => mailJobsTo(email), (jobs) => jobs.some((j) => j.retry_count >= 1));

    smtp = await startSmtpCapture(port);
    const code = await latestCode(smtp.messages, email, { timeoutMs: 20_000 });
    expect(code).toMatch(/^\d{6}$/);
    expect((await call("POST /register/verify-code", { json: { email, code, signup_token: res.body.signup_token } })).body).toMatchObject({ registered: true });
  });

  it("the job never holds the code in clear", async () => {
    const email = newEmail();
    await call("POST /register/send-code", { json: { email } });
    const code = (await latestCode(smtp.messages, email))!;
    const [job] = await mailJobsTo(email);
    expect(job!.data.kind).toBe("verification-code");
    expect(JSON.stringify(job!.data)).not.toContain(code);
  });

  it("a refused e-mail is retried until the mail server takes it", async () => {
    const email = newEmail();
    smtp.failNext(2);
    await call("POST /register/send-code", { json: { email } });
    expect(await latestCode(smtp.messages, email, { timeoutMs: 20_000 })).toMatch(/^\d{6}$/);
    const [job] = await pollUntil("the completed job", () => mailJobsTo(email), (jobs) => jobs[0]?.state === "completed");
    expect(job!.retry_count).toBe(2);
  });

  it("an e-mail that fails its last try goes to the dead-letter queue, and the loss is logged", async () => {
    const email = newEmail();
    const log = captureLog();
    try {
      smtp.failNext(1);
      const payload = toSendEmailPayload({ kind: "no-account", to: email });
      // The real queue and worker, with no retries left, so the first failure is the last.
      const lastTry = { ...sendEmailJob, policy: () => ({ ...sendEmailJob.policy(), retryLimit: 0 }) };
      await sendJob(lastTry, payload);
      const [lost] = await pollUntil(
        "the dead-letter log line",
        async () => log.lines().filter((line) => line.queue === "send-email-dead-letter" && line.to === email),
        (lines) => lines.length > 0,
      );
      expect(lost).toMatchObject({ level: "error", kind: "no-account", msg: "gave up on an e-mail after every retry" });
      expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
    } finally {
      log.restore();
    }
  });
});
