import { Client, type Pool } from "pg";
import { watchClient } from "../../db/connection-errors";
import type { SmtpCapture } from "../../e2e/fixtures/smtp-capture";
import { readEventStream } from "../../client/sse";
import type { FakeOpenAi } from "../../tests/harness/fake-openai";
import { pollUntil } from "../../tests/harness/poll";

/*
 * The work the database outage test (scripts/fault-db-outage.ts) has in flight at the moment it
 * stops PostgreSQL, each one known to be there rather than likely: a generation job waiting inside
 * its transaction, a mail job in the middle of handing its e-mail to SMTP, and a tutor reply
 * streaming to the learner. Each `hold…` returns once its work is in that state; releasing is the
 * test's.
 */

const REACH_WITHIN_MS = 60_000;

function within<T>(promise: Promise<T>, what: string, ms = REACH_WITHIN_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export type WaitingBackend = { pid: number; state: string; waitEvent: string; query: string };

/**
 * (a) The topic's proposals job inside its transaction: its model call is held until the test has
 * locked the topic's row, so the job's transaction (lib/authoring/generation/pipeline.ts, which locks the
 * topic's row first) waits on it, as pg_stat_activity shows. The lock's connection dies with the
 * server.
 */
export async function holdGenerationInTransaction(fake: FakeOpenAi, databaseUrl: string, pool: Pool, createTopic: () => Promise<number>): Promise<{ topicId: number; backend: WaitingBackend }> {
  const proposals = fake.hold({ task: "topic_courses" });
  const topicId = await createTopic();
  await within(proposals.reached, "the worker's call for the topic's courses");
  const lock = watchClient(new Client({ connectionString: databaseUrl }));
  await lock.connect();
  await lock.query("BEGIN");
  const { rows: own } = await lock.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  // NO KEY UPDATE: it blocks the transaction's FOR UPDATE, not the foreign-key checks of the call's log rows.
  await lock.query("SELECT id FROM topics WHERE id = $1 FOR NO KEY UPDATE", [topicId]);
  proposals.release();
  const rows = await pollUntil(
    "the worker's generation transaction to wait on the topic's row",
    async () =>
      (
        await pool.query<WaitingBackend & { inside: boolean }>(
          `SELECT pid, state, wait_event_type || ':' || wait_event AS "waitEvent", left(query, 100) AS query, xact_start < query_start AS inside
             FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> $1 AND wait_event_type = 'Lock' AND query ILIKE '%from "topics"%for update%'`,
          [own[0]!.pid],
        )
      ).rows,
    (found) => found.some((r) => r.inside),
    REACH_WITHIN_MS,
  ).catch(async (error: Error) => {
    const { rows: activity } = await pool.query("SELECT pid, state, wait_event_type, left(query, 100) AS query FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle'");
    throw new Error(`${error.message}; the database was running: ${JSON.stringify(activity)}`);
  });
  const { pid, state, waitEvent, query } = rows.find((r) => r.inside)!;
  return { topicId, backend: { pid, state, waitEvent, query } };
}

/** (b) A send-email job active in pg-boss with its e-mail at the SMTP server, whose answer is held. */
export async function holdMailBeingSent(smtp: SmtpCapture, pool: Pool, send: () => Promise<void>): Promise<{ jobId: string; release: () => void }> {
  const delivery = smtp.holdNext();
  await send();
  await within(delivery.reached, "the mail job to reach the SMTP server");
  const rows = await pollUntil(
    "the send-email job to be active",
    async () => (await pool.query<{ id: string }>(`SELECT id::text AS id FROM pgboss.job WHERE name = 'send-email' AND state = 'active'`)).rows,
    (found) => found.length === 1,
    REACH_WITHIN_MS,
  );
  return { jobId: rows[0]!.id, release: delivery.release };
}

export type TurnEvent = { event: string; data: Record<string, unknown> };
export type Turn = { events: TurnEvent[]; ended: Promise<void>; tokens: () => string };

/** A tutor turn through the API (server-sent events), read as the tutor panel reads it. */
export function startTurn(baseUrl: string, token: string, body: Record<string, unknown>): Turn {
  const events: TurnEvent[] = [];
  const ended = (async () => {
    const response = await fetch(`${baseUrl}/tutor/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
    if (!response.ok || !response.body) throw new Error(`POST /tutor/turns → ${response.status} ${await response.text()}`);
    await readEventStream(response.body, ({ event, data }) => events.push({ event, data: JSON.parse(data) as Record<string, unknown> }));
  })();
  return {
    events,
    ended,
    tokens: () =>
      events
        .filter((e) => e.event === "token")
        .map((e) => String(e.data.text))
        .join(""),
  };
}

/** (c) A tutor reply streaming: the learner has its first words, the model call is held mid-reply. */
export async function holdTutorReplyStreaming(fake: FakeOpenAi, start: () => Turn): Promise<{ turn: Turn; release: () => void }> {
  const reply = fake.hold({ task: "tutor", afterDeltas: 3 });
  const turn = start();
  turn.ended.catch(() => undefined);
  await within(reply.reached, "the tutor's model call");
  await pollUntil("the reply's first words to reach the learner", () => turn.events.filter((e) => e.event === "token").length, (n) => n > 0, REACH_WITHIN_MS);
  return { turn, release: reply.release };
}
