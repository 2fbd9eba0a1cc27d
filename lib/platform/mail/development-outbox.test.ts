import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { call } from "../../../tests/harness/http";
import { captureLog } from "../../../tests/harness/log";
import { sendEmailJob } from "../../accounts/mail/jobs/send-email";
import { developmentOutbox } from "./deliver";

/*
 * Development without SMTP_URL: nothing to send through, so no mail job; the e-mail is in the
 * log and the development outbox by the time the request answers (no worker needed).
 */

beforeAll(() => {
  delete process.env.SMTP_URL;
});

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

describe("the development outbox", () => {
  it("holds the sign-up code, and the log shows it, as soon as send-code answers", async () => {
    const log = captureLog();
    try {
      const email = `dev-${Date.now()}@example.com`;
      const res = await call("POST /register/send-code", { json: { email, first_name: "Dev", last_name: "Eloper", password: "dev-password-1" } });
      expect(res.status).toBe(200);
      const [newest] = developmentOutbox();
      expect(newest?.to).toBe(email);
      const code = codeIn(newest!.text)!;
      expect(log.lines().some((line) => line.to === email && String(line.text).includes(code))).toBe(true);
      expect((await call("POST /register/verify-code", { json: { email, code, signup_token: res.body.signup_token } })).body).toMatchObject({ registered: true });
    } finally {
      log.restore();
    }
  });

  it("queues no mail job", async () => {
    const email = `dev-reset-${Date.now()}@example.com`;
    await call("POST /forgot-password/send-code", { json: { email } });
    expect(developmentOutbox()[0]?.to).toBe(email);
    const jobs = await getDb()
      .execute(sql`SELECT 1 FROM pgboss.job WHERE name = ${sendEmailJob.name}`)
      .catch(() => ({ rows: [] })); // no pgboss schema at all is fine too
    expect(jobs.rows).toHaveLength(0);
  });
});
