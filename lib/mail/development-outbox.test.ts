import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { call } from "../../tests/harness/http";
import { MAIL_QUEUES } from "./queues";
import { developmentOutbox } from "./send";

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
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const email = `dev-${Date.now()}@example.com`;
      const res = await call("POST /register/send-code", { json: { email, first_name: "Dev", last_name: "Eloper", password: "dev-password-1" } });
      expect(res.status).toBe(200);
      const [newest] = developmentOutbox();
      expect(newest?.to).toBe(email);
      const code = codeIn(newest!.text)!;
      expect(log.mock.calls.some((args) => String(args[0]).includes(code))).toBe(true);
      expect((await call("POST /register/verify-code", { json: { email, code, signup_token: res.body.signup_token } })).body).toMatchObject({ registered: true });
    } finally {
      log.mockRestore();
    }
  });

  it("queues no mail job", async () => {
    const email = `dev-reset-${Date.now()}@example.com`;
    vi.spyOn(console, "log").mockImplementationOnce(() => undefined);
    await call("POST /forgot-password/send-code", { json: { email } });
    expect(developmentOutbox()[0]?.to).toBe(email);
    const jobs = await getDb()
      .execute(sql`SELECT 1 FROM pgboss.job WHERE name = ${MAIL_QUEUES.send}`)
      .catch(() => ({ rows: [] })); // no pgboss schema at all is fine too
    expect(jobs.rows).toHaveLength(0);
  });
});
