import OpenAI, { APIError } from "openai";
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { tokensOf } from "./fake-answers";
import { FAKE_PROFILES, sentReply, startFakeOpenAi, type FakeOpenAi, type FakeOptions } from "./fake-openai";
import { pollUntil } from "./poll";

/* The fake's chat task (tutor) through the real SDK: streaming, thinking, faults, timing and the request log. */

const SYSTEM = "You are a patient tutor for the lesson below.\nTask: tutor\nNever give away a quiz answer.\nKEY: O(n)";
const chat = (learner: string, system = SYSTEM): ChatCompletionMessageParam[] => [
  { role: "system", content: system },
  { role: "user", content: "Hi, I am stuck on the quiz." },
  { role: "assistant", content: "Happy to help. What have you tried?" },
  { role: "user", content: learner },
];

const opened: FakeOpenAi[] = [];
async function fakeWith(options: FakeOptions = {}) {
  const fake = await startFakeOpenAi(options);
  opened.push(fake);
  return { fake, openai: new OpenAI({ baseURL: fake.url, apiKey: "test", maxRetries: 0 }) };
}
// Every fake a test opened is closed once, at the end.
afterAll(() => Promise.all(opened.map((f) => f.close())));

/** Streams a reply to the end and keeps every chunk. */
async function streamAll(openai: OpenAI, messages: ChatCompletionMessageParam[], extra: { max_tokens?: number } = {}) {
  const stream = await openai.chat.completions.create({ model: "tutor-model", messages, stream: true, stream_options: { include_usage: true }, ...extra });
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const deltas = chunks.flatMap((c) => c.choices.map((choice) => choice.delta as { content?: string | null; reasoning_content?: string }));
  return {
    chunks,
    content: deltas.map((d) => d.content ?? "").join(""),
    contentDeltas: deltas.map((d) => d.content).filter((t): t is string => !!t),
    reasoning: deltas.map((d) => d.reasoning_content ?? "").join(""),
    finish: chunks.flatMap((c) => c.choices.map((choice) => choice.finish_reason)).find((f) => f !== null),
    usage: chunks.at(-1)?.usage,
    kinds: deltas.flatMap((d) => (d.reasoning_content ? ["reasoning"] : d.content ? ["content"] : [])),
  };
}

/** The deltas that carry any of content[start, start + length). */
function deltasOver(deltas: string[], start: number, length: number): string[] {
  let at = 0;
  return deltas.filter((d) => {
    const from = at;
    at += d.length;
    return from < start + length && at > start;
  });
}

describe("the tutor chat task", () => {
  let fake: FakeOpenAi;
  let openai: OpenAI;
  beforeEach(async () => {
    ({ fake, openai } = await fakeWith({ profile: "hosted", timeScale: 0.01 }));
  });

  it("streams a Socratic markdown reply in many chunks, with usage, and logs what it sent", async () => {
    const reply = await streamAll(openai, chat("Why does my loop add the first item twice when I run the code?"));
    expect(reply.contentDeltas.length).toBeGreaterThan(20);
    expect(reply.content).toContain('You asked: "Why does my loop add the first item…"');
    expect(reply.content).toMatch(/\*\*Your turn:\*\* [^\n]+\?/);
    expect(reply.content).toContain("```python\n"); // the prompt mentions code
    expect(reply.finish).toBe("stop");
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ task: "tutor", stream: true, fault: null, finishedAt: expect.any(Number) });
    expect(request.aborted).toBeUndefined();
    expect(reply.usage).toEqual({ prompt_tokens: request.promptTokens, completion_tokens: request.completionTokens, total_tokens: request.promptTokens + request.completionTokens });
    expect(request.completionTokens).toBe(tokensOf(reply.content));
    expect(sentReply(request)).toMatchObject({ content: reply.content, reasoning: "", contentDeltas: reply.contentDeltas });
  });

  it("is deterministic for a prompt, 60-180 tokens long, and never states the answer the prompt holds", async () => {
    const learners = ["Is it O(n)?", "what is question 2 asking", "I think the answer is the second one but I am not sure why", "hint please", "Can you show me some code for this?", "?"];
    for (const learner of learners) {
      const first = await streamAll(openai, chat(learner));
      const again = await openai.chat.completions.create({ model: "tutor-model", messages: chat(learner) });
      expect(again.choices[0]!.message.content).toBe(first.content);
      expect(tokensOf(first.content)).toBeGreaterThanOrEqual(60);
      expect(tokensOf(first.content)).toBeLessThanOrEqual(180);
      // Only the learner's own words may carry a guess; what the tutor adds never states one.
      const own = first.content.replace(/^You asked: "[^"]*"/, "");
      expect(own).not.toMatch(/O\(n\)|answer (to question \d+ )?is|correct (answer|option)/i);
    }
    const lengths = new Set(fake.requests.map((r) => r.completionTokens));
    expect(lengths.size).toBeGreaterThan(2);
  });

  it("is told apart from the generation tasks only by a system prompt's Task line and no response_format", async () => {
    await expect(openai.chat.completions.create({ model: "m", messages: chat("hi"), response_format: { type: "json_object" } })).rejects.toMatchObject({ status: 400 });
    await expect(openai.chat.completions.create({ model: "m", messages: [{ role: "system", content: "Be nice." }, { role: "user", content: "Task: tutor" }] })).rejects.toMatchObject({ status: 400 });
    expect(fake.requests.map((r) => [r.task, r.refused])).toEqual([
      ["unknown", "unknown task"],
      ["unknown", "unknown task"],
    ]);
  });

  it("leak-answer states `say` mid-reply, its key spread over several deltas", async () => {
    const say = "The answer to question 2 is a hash map lookup.";
    fake.addRule({ fault: "leak-answer", task: "tutor", say });
    const reply = await streamAll(openai, chat("How do I start question 2?"));
    expect(reply.content).toContain(say);
    expect(reply.content.indexOf(say)).toBeGreaterThan(40); // it starts harmlessly...
    expect(reply.content.length - reply.content.indexOf(say) - say.length).toBeGreaterThan(100); // ...and goes on after it
    expect(deltasOver(reply.contentDeltas, reply.content.indexOf("a hash map lookup"), "a hash map lookup".length).length).toBeGreaterThanOrEqual(3);
    expect(fake.requests[0]!.fault).toBe("leak-answer");
  });

  it("leak-answer without `say` leaks the prompt's KEY line for the learner's question", async () => {
    fake.addRule({ fault: "leak-answer" });
    const leaked = await streamAll(openai, chat("What about question 3?"));
    expect(leaked.content).toContain("The answer to question 3 is O(n).");
    expect(deltasOver(leaked.contentDeltas, leaked.content.indexOf("O(n)"), 4)).toEqual(["O", "(n", "). "]);
    // The rule is spent: the next reply is clean.
    const clean = await streamAll(openai, chat("What about question 3?"));
    expect(clean.content).not.toContain("O(n)");
  });

  it("max_tokens cuts the reply off with finish_reason length", async () => {
    const reply = await streamAll(openai, chat("Explain the loop again"), { max_tokens: 20 });
    expect(reply.finish).toBe("length");
    expect(reply.content).toHaveLength(80);
    expect(reply.usage).toMatchObject({ completion_tokens: 20 });
  });

  it("a client that hangs up mid-stream shows as aborted in the log", async () => {
    const slow = await fakeWith({ profile: "hosted", timeScale: 0.2 });
    const controller = new AbortController();
    const stream = await slow.openai.chat.completions.create({ model: "m", messages: chat("Walk me through it"), stream: true }, { signal: controller.signal });
    let seen = 0;
    // The SDK may end the loop quietly or throw an abort error; either way the client hung up.
    await (async () => {
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content && ++seen === 3) controller.abort();
    })().catch(() => undefined);
    const request = await pollUntil("the abort in the log", () => slow.fake.requests[0]!, (r) => r.aborted === true);
    expect(request.finishedAt).toBeUndefined();
    const full = (await slow.openai.chat.completions.create({ model: "m", messages: chat("Walk me through it") }, { timeout: 10_000 })).choices[0]!.message.content!;
    const sent = sentReply(request).content;
    expect(sent.length).toBeLessThan(full.length);
    expect(full.startsWith(sent)).toBe(true);
  });

  it("timeout, server-error, rate-limit and stall work for the tutor too", async () => {
    fake.addRule({ fault: "server-error", task: "tutor" });
    await expect(openai.chat.completions.create({ model: "m", messages: chat("hi") })).rejects.toMatchObject({ status: 500 });
    fake.addRule({ fault: "rate-limit", task: "tutor", retryAfter: 2 });
    const limited = await openai.chat.completions.create({ model: "m", messages: chat("hi") }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(APIError);
    expect(limited).toMatchObject({ status: 429 });
    expect((limited as APIError).headers?.get("retry-after")).toBe("2");
    fake.addRule({ fault: "timeout", task: "tutor" });
    await expect(openai.chat.completions.create({ model: "m", messages: chat("hi") }, { timeout: 200 })).rejects.toThrow(/timed out/i);

    // A stall sends half of what the same prompt gets in full, then keeps the connection open.
    const full = (await openai.chat.completions.create({ model: "m", messages: chat("hi") })).choices[0]!.message.content!;
    fake.addRule({ fault: "stall", task: "tutor" });
    const controller = new AbortController();
    const stream = await openai.chat.completions.create({ model: "m", messages: chat("hi"), stream: true }, { signal: controller.signal });
    const finishes: unknown[] = [];
    // The SDK ends the loop quietly (or throws) when the client aborts.
    const reading = (async () => {
      for await (const chunk of stream) finishes.push(...chunk.choices.map((c) => c.finish_reason).filter(Boolean));
    })().catch(() => undefined);
    const stalled = fake.requests.at(-1)!;
    await pollUntil("half the reply", () => sentReply(stalled).content, (sent) => sent === full.slice(0, Math.floor(full.length / 2)));
    expect(stalled.fault).toBe("stall");
    expect(stalled.finishedAt).toBeUndefined();
    expect(fake.inFlight()).toContain(stalled);
    controller.abort();
    await reading;
    expect(finishes).toEqual([]);
    await pollUntil("the hang-up in the log", () => stalled.aborted, (aborted) => aborted === true);
  });

  it("a prompt longer than the context is refused with llama.cpp's error", async () => {
    const small = await fakeWith({ profile: { ...FAKE_PROFILES.local, contextTokens: 20 } });
    await expect(small.openai.chat.completions.create({ model: "m", messages: chat("hi") })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("exceeds the available context size") });
    expect(small.fake.requests[0]).toMatchObject({ task: "tutor", refused: "context" });
  });

  it("queues requests beyond the hosted profile's 8 slots", async () => {
    const hosted = await fakeWith({ profile: "hosted", timeScale: 0.1 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => streamAll(hosted.openai, chat(`learner ${i}`))));
    const requests = hosted.fake.requests;
    expect(requests.filter((r) => r.queued)).toHaveLength(2);
    const firstDone = Math.min(...requests.map((r) => r.finishedAt!));
    for (const r of requests.filter((q) => q.queued)) expect(r.startedAt!).toBeGreaterThanOrEqual(firstDone);
  });
});

describe("the tutor on a reasoning model", () => {
  it("local: the thinking arrives first as reasoning_content, then the content; both count as completion tokens", async () => {
    const { fake, openai } = await fakeWith({ profile: "local", timeScale: 0.005 });
    const reply = await streamAll(openai, chat("Is the loop wrong?"));
    expect(reply.reasoning).toMatch(/^The learner wrote "Is the loop wrong\?"/);
    expect(reply.kinds.indexOf("content")).toBe(reply.kinds.lastIndexOf("reasoning") + 1);
    expect(reply.kinds.filter((k) => k === "reasoning").length).toBeGreaterThan(5);
    expect(reply.content).not.toContain(reply.reasoning);
    expect(reply.usage?.completion_tokens).toBe(tokensOf(reply.reasoning + reply.content));
    expect(sentReply(fake.requests[0]!)).toMatchObject({ reasoning: reply.reasoning, content: reply.content });
    const whole = await openai.chat.completions.create({ model: "m", messages: chat("Is the loop wrong?") });
    expect(whole.choices[0]!.message).toMatchObject({ content: reply.content, reasoning_content: reply.reasoning });
  });

  it("local: max_tokens can run out while it is still thinking", async () => {
    const { openai } = await fakeWith({ profile: "local", timeScale: 0.005 });
    const reply = await streamAll(openai, chat("Is the loop wrong?"), { max_tokens: 10 });
    expect(reply).toMatchObject({ finish: "length", content: "" });
    expect(reply.reasoning).toHaveLength(40);
  });

  it("inline-think sends the thinking as <think>...</think> at the start of the content instead", async () => {
    const { fake, openai } = await fakeWith({ profile: "local", timeScale: 0.005 });
    fake.addRule({ fault: "inline-think", also: ["leak-answer"], say: "The answer to question 1 is 42." });
    const reply = await streamAll(openai, chat("Is the loop wrong?"));
    expect(reply.reasoning).toBe("");
    expect(reply.content).toMatch(/^<think>\nThe learner wrote [^]*\n<\/think>\n\nYou asked: /);
    expect(reply.content).toContain("The answer to question 1 is 42.");
  });
});

describe("a held call", () => {
  it("stays open mid-stream after the deltas it was held at, until released, then ends whole", async () => {
    const { fake, openai } = await fakeWith();
    const hold = fake.hold({ task: "tutor", afterDeltas: 2 });
    const stream = await openai.chat.completions.create({ model: "tutor-model", messages: chat("Explain it more simply"), stream: true });
    const received: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) received.push(chunk.choices[0].delta.content);
    })();
    const held = await hold.reached;
    await pollUntil("the deltas before the hold", () => received.length, (n) => n === 2);
    expect(held.finishedAt).toBeUndefined();
    expect(fake.inFlight()).toContain(held);
    hold.release();
    await reading;
    expect(received.length).toBeGreaterThan(2);
    expect(received.join("")).toBe(sentReply(held).content);
  });

  it("holds a call before its answer, and only the first matching one", async () => {
    const { fake, openai } = await fakeWith();
    const hold = fake.hold({ task: "tutor" });
    const first = streamAll(openai, chat("First question"));
    const held = await hold.reached;
    expect(held.deltas).toEqual([]);
    // A second call goes through while the first is held.
    expect((await streamAll(openai, chat("Second question"))).finish).toBe("stop");
    hold.release();
    expect((await first).finish).toBe("stop");
  });
});

describe("rules with an id", () => {
  it("a rule for every matching request holds until it is removed by its id, while the other rules stay", async () => {
    const { fake, openai } = await fakeWith();
    fake.addRule({ fault: "server-error", match: /Fail this/, times: Infinity, id: "plan" });
    fake.addRule({ fault: "server-error", match: /Also this/, times: Infinity, id: "other" });
    const ask = (text: string) => openai.chat.completions.create({ model: "m", messages: chat(text) }).then(() => 200, (error: unknown) => (error instanceof APIError ? error.status : 0));
    expect([await ask("Fail this"), await ask("Fail this"), await ask("Also this")]).toEqual([500, 500, 500]);
    fake.removeRule("plan");
    expect([await ask("Fail this"), await ask("Also this")]).toEqual([200, 500]);
  });
});
