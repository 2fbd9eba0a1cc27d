import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { tutorUsage } from "../../db/schema";
import { startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake } from "../harness/generation";
import { call, createUser, testApp } from "../harness/http";
import { parseEvents } from "../harness/openapi";
import { pollUntil } from "../harness/poll";
import { answerKey } from "../harness/quiz-key";
import { seededCourse } from "../harness/seeded-course";

/*
 * The tutor's budget and slots, from the attacker's side (docs/tutor.md, "Limits and cost";
 * docs/security.md, "The tutor"): parallel turns cannot spend past the day's budget, and one
 * learner's parallel slow turns cannot hold the slots other learners need. Both counted in
 * PostgreSQL, so they hold across web processes, and a process that died frees what it held.
 */

const fake = await startFakeOpenAi({ profile: { ttftMs: 20, tokensPerSecond: 400, slots: 16, contextTokens: 128_000, wrongCountEvery: 0 } });
// Three tutor slots in this process: one learner holding them all would leave another waiting.
pointModelAtFake(fake, { TUTOR_DAILY_TOKENS: "45000", TUTOR_SERVER_DAILY_TOKENS: "5000000", TUTOR_CONCURRENCY: "3", OPENAI_IDLE_TIMEOUT_MS: "4000" });

type Learner = Awaited<ReturnType<typeof createUser>>;
type Event = { event: string; data: Record<string, unknown> };

let courseId: number;
/** The prompt tokens of one first turn on the lesson (every turn here asks the same lesson a short question). */
let promptTokens: number;
beforeAll(async () => {
  ({ courseId } = await seededCourse());
  const probe = await enrolled();
  expect((await ask(probe, "What is a variable?")).done).toMatchObject({ status: "complete" });
  promptTokens = fake.requests.at(-1)!.promptTokens;
});
afterAll(async () => {
  await fake.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function enrolled(): Promise<Learner> {
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
  return learner;
}

const turnBody = (message: string) => JSON.stringify({ course_id: courseId, section_index: 0, subsection_index: 0, message });

async function ask(learner: Learner, message: string) {
  const res = await call("POST /tutor/turns", { token: learner.token, json: { course_id: courseId, section_index: 0, subsection_index: 0, message } });
  const events = res.status === 200 ? (parseEvents(res.body as string) as Event[]) : [];
  return { res, done: events.find((e) => e.event === "done")?.data };
}

/** A turn left open: its status, and (for a stream) its text so far as it arrives, and a stop. */
async function openTurn(learner: Learner, message: string) {
  const stop = new AbortController();
  const response = await testApp().request(
    "http://localhost/tutor/turns",
    { method: "POST", headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/json" }, body: turnBody(message), signal: stop.signal },
    {} as never,
  );
  const turn = { status: response.status, text: "", ended: false, stop: () => stop.abort(), body: response.status === 200 ? null : await response.json() };
  if (response.status === 200) {
    const reader = response.body!.getReader();
    void (async () => {
      try {
        for (let read = await reader.read(); !read.done; read = await reader.read()) turn.text += new TextDecoder().decode(read.value);
      } catch {
        // stopped
      }
      turn.ended = true;
    })();
  }
  return turn;
}

const usedToday = async (userId: number | null) => {
  const rows = await getDb().execute<{ used: string }>(
    userId === null
      ? sql`SELECT coalesce(sum(prompt_tokens + completion_tokens), 0) AS used FROM tutor_usage WHERE day = ${today()}`
      : sql`SELECT coalesce(sum(prompt_tokens + completion_tokens), 0) AS used FROM tutor_usage WHERE day = ${today()} AND user_id = ${userId}`,
  );
  return Number(rows.rows[0]!.used);
};

/** Tokens that fit one turn (its prompt and a whole reply) but never two. */
const oneTurnLeft = () => 2 * (promptTokens + 700) - 1;

describe("the day's budget is reserved before a turn starts", () => {
  it("a learner with one turn's tokens left starts five at once: one runs, four are refused, the day's budget holds", async () => {
    const learner = await enrolled();
    const left = oneTurnLeft();
    await getDb().insert(tutorUsage).values({ day: today(), userId: learner.user.id, turns: 30, promptTokens: 45_000 - left, completionTokens: 0 });
    const turns = await Promise.all(Array.from({ length: 5 }, (_, i) => ask(learner, `Parallel question ${i + 1}?`)));
    const ran = turns.filter((t) => t.res.status === 200);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.done).toMatchObject({ status: "complete" });
    for (const refused of turns.filter((t) => t.res.status !== 200)) {
      expect(refused.res.status).toBe(429);
      expect(refused.res.body.detail).toMatch(/tutor time/);
      expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(await usedToday(learner.user.id)).toBeLessThanOrEqual(45_000);
  });

  it("the server's daily cap holds against five learners starting at once", async () => {
    const learners = await Promise.all(Array.from({ length: 5 }, () => enrolled()));
    const filler = 5_000_000 - (await usedToday(null)) - oneTurnLeft();
    const [row] = await getDb().insert(tutorUsage).values({ day: today(), userId: null, turns: 1, promptTokens: filler, completionTokens: 0 }).returning({ id: tutorUsage.id });
    try {
      const turns = await Promise.all(learners.map((l, i) => ask(l, `Server cap question ${i + 1}?`)));
      expect(turns.filter((t) => t.res.status === 200)).toHaveLength(1);
      for (const refused of turns.filter((t) => t.res.status !== 200)) expect(refused.res.body.detail).toMatch(/server's limit for today/);
      expect(await usedToday(null)).toBeLessThanOrEqual(5_000_000);
    } finally {
      await getDb().execute(sql`DELETE FROM tutor_usage WHERE id = ${row!.id}`);
    }
  });
});

describe("one learner holds at most a few tutor streams", () => {
  it("sixteen parallel slow turns of one learner get two streams; another learner's turn runs meanwhile", async () => {
    const greedy = await enrolled();
    const other = await enrolled();
    fake.addRule({ fault: "stall", task: "tutor", match: /Slow question/, times: 16 });
    const turns = await Promise.all(Array.from({ length: 16 }, (_, i) => openTurn(greedy, `Slow question ${i + 1}?`)));
    try {
      const streams = turns.filter((t) => t.status === 200);
      expect(streams).toHaveLength(2);
      for (const refused of turns.filter((t) => t.status !== 200)) {
        expect(refused.status).toBe(429);
        expect(refused.body.detail).toMatch(/2 tutor replies/);
      }
      // The other learner's reply streams and ends while the greedy learner's are still open.
      expect((await ask(other, "Explain this more simply")).done).toMatchObject({ status: "complete" });
      expect(streams.every((t) => !t.ended && !t.text.includes("event: done"))).toBe(true);
    } finally {
      for (const t of turns) t.stop();
    }
    // Stopping them frees the learner's streams.
    await pollUntil("the streams to be released", () => streamRows(greedy.user.id), (n) => n === 0);
  });

  const streamRows = async (userId: number) => Number((await getDb().execute<{ n: string }>(sql`SELECT count(*) AS n FROM tutor_streams WHERE user_id = ${userId}`)).rows[0]!.n);

  it("counts the streams other web processes hold, and not those of a process that died", async () => {
    const learner = await enrolled();
    // Two streams held by other web processes, their leases alive.
    await getDb().execute(sql`INSERT INTO tutor_streams (user_id, day, reserved_tokens, lease_until) VALUES (${learner.user.id}, ${today()}, 2000, now() + interval '1 minute'), (${learner.user.id}, ${today()}, 2000, now() + interval '1 minute')`);
    const refused = await ask(learner, "One more?");
    expect(refused.res.status).toBe(429);
    expect(refused.res.body.detail).toMatch(/2 tutor replies/);
    // Those processes died: their leases ran out, so their streams and tokens are free again.
    await getDb().execute(sql`UPDATE tutor_streams SET lease_until = now() - interval '1 second' WHERE user_id = ${learner.user.id}`);
    expect((await ask(learner, "Now?")).done).toMatchObject({ status: "complete" });
  });

  it("releases a stream however it ends: complete, failed, stopped, cut by the guard", async () => {
    const learner = await enrolled();
    expect((await ask(learner, "Complete?")).done).toMatchObject({ status: "complete" });
    fake.addRule({ fault: "server-error", task: "tutor", times: 2 });
    expect((await ask(learner, "Failed?")).done).toMatchObject({ status: "failed" });
    fake.addRule({ fault: "stall", task: "tutor", match: /Stopped\?/ });
    const stopped = await openTurn(learner, "Stopped?");
    await pollUntil("the reply to start", () => stopped.text, (text) => text.includes("event: token"));
    stopped.stop();
    await pollUntil("the stopped stream to be released", () => streamRows(learner.user.id), (n) => n === 0);
    const quiz = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
    const first = quiz.body[0] as { id: number };
    const key = (await answerKey([first.id])).get(first.id)!.correctAnswer;
    fake.addRule({ fault: "leak-answer", task: "tutor", say: `The answer to question 1 is ${key}.` });
    expect((await ask(learner, "Guarded?")).done).toMatchObject({ status: "guarded" });
    expect(await streamRows(learner.user.id)).toBe(0);
    // And the learner has both streams again.
    fake.addRule({ fault: "stall", task: "tutor", match: /Again/, times: 2 });
    const again = await Promise.all([openTurn(learner, "Again 1"), openTurn(learner, "Again 2")]);
    expect(again.map((t) => t.status)).toEqual([200, 200]);
    for (const t of again) t.stop();
    await pollUntil("the streams to be released", () => streamRows(learner.user.id), (n) => n === 0);
  });
});
