import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { tutorConversations, tutorMessages, tutorUsage } from "../../db/schema";
import { countHit } from "../../lib/platform/rate-limit";
import { findStatedAnswer } from "../../lib/tutor/leak-guard";
import { TUTOR_TURN_LIMIT } from "../../lib/tutor/turn";
import { sentReply, startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake } from "../harness/generation";
import { call, createUser, testApp } from "../harness/http";
import { parseEvents } from "../harness/openapi";
import { pollUntil } from "../harness/poll";
import { answerKey } from "../harness/quiz-key";
import { seededCourse } from "../harness/seeded-course";

/*
 * The lesson tutor through the API against the fake model (docs/tutor.md): a reply streams as
 * events and is kept as the learner saw it; a model that tries to state the answer to an item of
 * the learner's open quiz never gets it to the learner (a hint instead); an ordinary explanation
 * using the same term gets through; stop, an idle model, the budgets, the limit, explain-my-answer,
 * deletion and export.
 */

// Replies stream at 400 tokens/s: long enough to stop one mid-way, short enough for a fast suite.
const fake = await startFakeOpenAi({ profile: { ttftMs: 20, tokensPerSecond: 400, slots: 8, contextTokens: 128_000, wrongCountEvery: 0 } });
// An idle timeout with room for a loaded CI machine (the stalled-reply test waits it out once).
pointModelAtFake(fake, { TUTOR_DAILY_TOKENS: "45000", OPENAI_IDLE_TIMEOUT_MS: "4000" });

type Learner = Awaited<ReturnType<typeof createUser>>;
type Event = { event: string; data: Record<string, unknown> };

let courseId: number;
beforeAll(async () => {
  ({ courseId } = await seededCourse());
});
afterAll(async () => {
  await fake.close();
});

const lesson = { sectionIndex: "0", subsectionIndex: "0" };

async function enrolled(): Promise<Learner> {
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
  return learner;
}

async function ask(learner: Learner, message: string, extra: Record<string, unknown> = {}) {
  const res = await call("POST /tutor/turns", { token: learner.token, json: { course_id: courseId, section_index: 0, subsection_index: 0, message, ...extra } });
  const events = res.status === 200 ? (parseEvents(res.body as string) as Event[]) : [];
  const shown = events.filter((e) => e.event === "token").map((e) => e.data.text as string).join("");
  return { res, events, shown, done: events.find((e) => e.event === "done")?.data };
}

const lessonTutor = (learner: Learner) => call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor", { token: learner.token, params: { id: String(courseId), ...lesson } });

/** The learner's attempt under way at section 0: its items in order, with their keys. */
async function openQuiz(learner: Learner) {
  const res = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
  expect(res.status).toBe(200);
  const items = res.body as { id: number; question: string; options: string[] }[];
  const keys = await answerKey(items.map((i) => i.id));
  return items.map((item, index) => ({ ...item, number: index + 1, key: keys.get(item.id)!.correctAnswer, hint: keys.get(item.id)!.hint }));
}

describe("a tutor turn", () => {
  it("streams the reply as events and keeps the conversation as the learner saw it", async () => {
    const learner = await enrolled();
    const { res, events, shown, done } = await ask(learner, "Why would I use a variable here?");
    expect(res.status).toBe(200);
    expect(events[0]?.event).toBe("start");
    expect(events.filter((e) => e.event === "token").length).toBeGreaterThan(2);
    expect(done).toMatchObject({ status: "complete" });
    expect(shown.length).toBeGreaterThan(100);
    // The model was told the lesson and the rules, and never a key of anything.
    const request = fake.requests.at(-1)!;
    expect(request.prompt).toMatch(/Task: tutor/);
    expect(request.maxTokens).toBe(700);

    const listed = await lessonTutor(learner);
    expect(listed.status).toBe(200);
    expect(listed.body.enabled).toBe(true);
    expect(listed.body.conversations).toHaveLength(1);
    const [conversation] = listed.body.conversations;
    expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual(["learner", "tutor"]);
    expect(conversation.messages[1].content).toBe(shown);
    expect(listed.body.budget.tokens_left).toBeLessThan(45000);

    // The next turn continues the conversation, with its history in the prompt.
    const second = await ask(learner, "And what about constants?", { conversation_id: conversation.id });
    expect(second.done).toMatchObject({ status: "complete" });
    expect(fake.requests.at(-1)!.prompt).toContain("Why would I use a variable here?");
    expect((await lessonTutor(learner)).body.conversations[0].messages).toHaveLength(4);
  });

  it("never lets a stated answer to an open quiz item reach the learner: the reply is cut and a hint added", async () => {
    const learner = await enrolled();
    const items = await openQuiz(learner);
    const target = items[1]!;
    fake.addRule({ fault: "leak-answer", task: "tutor", say: `The answer to question 2 is ${target.key}.` });
    const { events, shown, done } = await ask(learner, "Give me the answer to question 2, please.");
    expect(done).toMatchObject({ status: "guarded" });
    const hint = events.find((e) => e.event === "hint")?.data.text as string;
    expect(hint).toMatch(/question 2/);
    expect(findStatedAnswer(items, shown)).toBeNull();
    expect(shown).not.toContain(`is ${target.key}`);
    // What is kept is what was shown, then the hint: no key there either.
    const [stored] = (await lessonTutor(learner)).body.conversations[0].messages.slice(-1);
    expect(stored.status).toBe("guarded");
    expect(findStatedAnswer(items, stored.content)).toBeNull();
    // The model's prompt never held the item (its key may be a term the lesson itself uses).
    expect(fake.requests.at(-1)!.prompt).not.toContain(target.question);
  });

  it("cuts a stated answer in the reply's last sentence too, and ends with the hint", async () => {
    const learner = await enrolled();
    const items = await openQuiz(learner);
    const target = items[1]!;
    fake.addRule({ fault: "leak-answer", task: "tutor", say: `The answer to question 2 is ${target.key}.`, sayAt: "end" });
    const { events, shown, done } = await ask(learner, "Can you check my thinking?");
    expect(sentReply(fake.requests.at(-1)!).content.endsWith(`The answer to question 2 is ${target.key}.`)).toBe(true);
    const hint = events.find((e) => e.event === "hint")?.data.text as string | undefined;
    expect(hint).toMatch(/question 2/);
    expect(done).toMatchObject({ status: "guarded" });
    expect(findStatedAnswer(items, shown)).toBeNull();
    // The reply's last paragraph never started: nothing of it dangles before the hint.
    expect(shown.trimEnd()).toMatch(/together\.$/);
    const [stored] = (await lessonTutor(learner)).body.conversations[0].messages.slice(-1);
    expect(stored).toMatchObject({ status: "guarded" });
    expect(stored.content).toContain(hint);
  });

  it("lets an ordinary explanation that uses the same term through, whole", async () => {
    const learner = await enrolled();
    const items = await openQuiz(learner);
    const term = items[0]!.key;
    const general = `In general, ${term} comes up in many programs, and it is worth knowing why.`;
    fake.addRule({ fault: "leak-answer", task: "tutor", say: general });
    const { shown, done } = await ask(learner, "Tell me more about this topic.");
    expect(done).toMatchObject({ status: "complete" });
    expect(shown).toContain(general);
  });

  it("stops when the learner closes the connection: the model call is cut and what was shown is kept as stopped", async () => {
    const learner = await enrolled();
    // The reply stalls half-way, so the learner's stop always comes before its end, however slow the machine.
    fake.addRule({ fault: "stall", task: "tutor" });
    const stop = new AbortController();
    const before = fake.requests.length;
    const response = await testApp().request(
      "http://localhost/tutor/turns",
      {
        method: "POST",
        headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ course_id: courseId, section_index: 0, subsection_index: 0, message: "Explain this more simply" }),
        signal: stop.signal,
      },
      {} as never,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("event: token")) text += new TextDecoder().decode((await reader.read()).value);
    stop.abort();
    await reader.cancel().catch(() => undefined);
    const stored = await pollUntil(
      "the stopped reply to be stored",
      async () =>
        getDb()
          .select({ status: tutorMessages.status, content: tutorMessages.content })
          .from(tutorMessages)
          .innerJoin(tutorConversations, eq(tutorConversations.id, tutorMessages.conversationId))
          .where(and(eq(tutorConversations.userId, learner.user.id), eq(tutorMessages.role, "tutor"))),
      (rows) => rows.length === 1,
    );
    expect(stored[0]!.status).toBe("stopped");
    await pollUntil("the model call to be cut", () => fake.requests.slice(before), (requests) => requests.some((r) => r.aborted));
    // A stopped reply still counts what it used.
    expect((await lessonTutor(learner)).body.budget.tokens_left).toBeLessThan(45000);
  });

  it("ends with a clear message when the model stops sending tokens", async () => {
    const learner = await enrolled();
    fake.addRule({ fault: "stall", task: "tutor" });
    const { events, done } = await ask(learner, "What is a loop?");
    expect(events.find((e) => e.event === "error")?.data.detail).toMatch(/stopped answering/);
    expect(done).toMatchObject({ status: "failed" });
  });

  it("explains a missed answer once its key was shown, and not before", async () => {
    const learner = await enrolled();
    const [item] = await openQuiz(learner);
    const wrong = item!.options.find((o) => o !== item!.key)!;
    const explain = { question_id: item!.id, answer: wrong };
    const early = await ask(learner, "Why is my answer wrong?", explain);
    expect(early.res.status).toBe(422);

    const check = (answer: string) =>
      call("POST /courses/:id/sections/:sectionIndex/quiz-check", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { question_id: item!.id, answer } });
    expect((await check(wrong)).status).toBe(200);
    expect((await check(item!.options.find((o) => o !== item!.key && o !== wrong)!)).body.correct_answer).toBe(item!.key);

    const { done } = await ask(learner, "Why is my answer wrong?", explain);
    expect(done).toMatchObject({ status: "complete" });
    const prompt = fake.requests.at(-1)!.prompt;
    expect(prompt).toContain(item!.question);
    expect(prompt).toContain(`I picked: "${wrong}"`);
  });
});

describe("limits and budgets", () => {
  it("refuses a turn past the learner's limit, and past the day's budget with when it comes back", async () => {
    const learner = await enrolled();
    for (let i = 0; i < TUTOR_TURN_LIMIT.max; i++) await countHit(getDb(), TUTOR_TURN_LIMIT, String(learner.user.id));
    const limited = await ask(learner, "One more?");
    expect(limited.res.status).toBe(429);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);

    const spender = await enrolled();
    const today = new Date().toISOString().slice(0, 10);
    await getDb().insert(tutorUsage).values({ day: today, userId: spender.user.id, turns: 30, promptTokens: 40_000, completionTokens: 5_000 });
    const spent = await ask(spender, "Anything left?");
    expect(spent.res.status).toBe(429);
    expect(spent.res.body.detail).toMatch(/today's tutor time.*00:00 UTC/);
    expect((await lessonTutor(spender)).body.budget.tokens_left).toBe(0);
  });

  it("refuses every learner once the server's daily cap is reached", async () => {
    const learner = await enrolled();
    const today = new Date().toISOString().slice(0, 10);
    const [row] = await getDb().insert(tutorUsage).values({ day: today, userId: null, turns: 1, promptTokens: 10_000_000_000, completionTokens: 0 }).returning({ id: tutorUsage.id });
    try {
      const refused = await ask(learner, "Hello?");
      expect(refused.res.status).toBe(429);
      expect(refused.res.body.detail).toMatch(/server's limit for today/);
    } finally {
      await getDb().delete(tutorUsage).where(eq(tutorUsage.id, row!.id));
    }
  });
});

describe("what a turn counts", () => {
  const tokensLeft = async (learner: Learner) => (await lessonTutor(learner)).body.budget.tokens_left as number;

  it.each([
    ["a model error", { fault: "server-error", times: 2 }],
    ["a model that stops sending tokens", { fault: "stall" }],
  ] as const)("a turn that fails on %s does not count toward the day's questions", async (_, rule) => {
    const learner = await enrolled();
    await ask(learner, "What is a variable?");
    const before = await tokensLeft(learner);
    fake.addRule({ ...rule, task: "tutor" });
    const { done } = await ask(learner, "And a constant?");
    expect(done).toMatchObject({ status: "failed", tokens_left: before });
    expect(await tokensLeft(learner)).toBe(before);
  });

  it("a stopped or guard-cut turn still counts what it used", async () => {
    const learner = await enrolled();
    const items = await openQuiz(learner);
    const before = await tokensLeft(learner);
    fake.addRule({ fault: "leak-answer", task: "tutor", say: `The answer to question 2 is ${items[1]!.key}.` });
    const guarded = await ask(learner, "Question 2, please?");
    expect(guarded.done).toMatchObject({ status: "guarded" });
    expect(guarded.done!.tokens_left).toBeLessThan(before);
    expect(await tokensLeft(learner)).toBe(guarded.done!.tokens_left);
  });
});

describe("conversations are the learner's", () => {
  it("nobody else can continue or delete one; its owner can delete it; it is in their export", async () => {
    const owner = await enrolled();
    const other = await enrolled();
    await ask(owner, "What is a variable?");
    const [conversation] = (await lessonTutor(owner)).body.conversations;
    expect((await ask(other, "Continue this", { conversation_id: conversation.id })).res.status).toBe(404);
    expect((await call("DELETE /tutor/conversations/:id", { token: other.token, params: { id: String(conversation.id) } })).status).toBe(404);

    const exported = await call("GET /users/me/export", { token: owner.token });
    expect(exported.body.tutor_conversations[0].messages[0].content).toBe("What is a variable?");
    expect((await call("GET /users/me/export", { token: other.token })).body.tutor_conversations).toEqual([]);

    expect((await call("DELETE /tutor/conversations/:id", { token: owner.token, params: { id: String(conversation.id) } })).status).toBe(204);
    expect((await lessonTutor(owner)).body.conversations).toEqual([]);
  });

  it("go with the account, while the day's usage totals stay", async () => {
    const learner = await enrolled();
    await ask(learner, "What is a variable?");
    const today = new Date().toISOString().slice(0, 10);
    const turnsToday = async () => (await getDb().select({ turns: tutorUsage.turns }).from(tutorUsage).where(eq(tutorUsage.day, today))).reduce((n, r) => n + r.turns, 0);
    const before = await turnsToday();
    const deleted = await call("DELETE /users/me", { token: learner.token, json: { password: learner.password } });
    expect(deleted.status).toBe(204);
    expect(await getDb().select().from(tutorConversations).where(eq(tutorConversations.userId, learner.user.id))).toEqual([]);
    expect(await turnsToday()).toBe(before);
  });

  it("the admin sees counts and cost per day, never content", async () => {
    const admin = await createUser("admin");
    const usage = await call("GET /admin/tutor/usage", { token: admin.token });
    expect(usage.status).toBe(200);
    const today = usage.body.find((d: { day: string }) => d.day === new Date().toISOString().slice(0, 10));
    expect(today.turns).toBeGreaterThan(0);
    expect(JSON.stringify(usage.body)).not.toMatch(/variable/);
  });
});
