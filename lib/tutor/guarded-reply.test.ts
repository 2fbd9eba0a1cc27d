import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { DISGUISE_ITEMS, MODEL_FORMS, RULE_FORMS } from "../../tests/harness/disguised-leaks";
import { sentReply, startFakeOpenAi } from "../../tests/harness/fake-openai";
import { pointModelAtFake } from "../../tests/harness/generation";
import type { ChatEnd } from "../platform/llm/chat";
import { guardedReply, type GuardedEvent } from "./guarded-reply";
import { getGuardCheck } from "./guard-check";
import { findStatedAnswer } from "./leak-guard";


/*
 * The 15 disguised forms through the whole guard (docs/tutor.md, "The model check"): the rules
 * first, then the operator's judge model on what they held and could not read, here the fake
 * model in that role. The 13 rule forms never reach the model; the translated key and the riddle
 * are caught by it; a harmless held sentence is released on its "no leak"; a check that does not
 * answer in time, or fails, cuts the reply (fail closed).
 */

const fake = await startFakeOpenAi({ profile: "hosted", timeScale: 0.05 });
pointModelAtFake(fake, { TUTOR_GUARD_CHECK: "on", TUTOR_GUARD_CHECK_TIMEOUT_MS: "1000", OPENAI_MODEL_JUDGE: "judge-model" });
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const items = DISGUISE_ITEMS;

const OPENING = "Good question, let's think it through. ";

/** The model's reply, word by word, ending complete. */
async function* model(text: string): AsyncGenerator<string, ChatEnd> {
  for (const word of text.match(/\S+\s*|\s+/g) ?? []) yield word;
  return { usage: { model: "fake-model", promptTokens: 100, completionTokens: 20, durationMs: 1 }, outcome: "complete" };
}

async function run(text: string) {
  const check = getGuardCheck();
  let stopped = false;
  const reply = guardedReply(model(text), items, { check, stop: () => (stopped = true), signal: new AbortController().signal });
  const events: GuardedEvent[] = [];
  let step = await reply.next();
  while (!step.done) {
    events.push(step.value);
    step = await reply.next();
  }
  const shown = events.flatMap((e) => (e.type === "text" ? [e.text] : [])).join("");
  const cut = events.find((e) => e.type === "cut");
  return { shown, cut, stopped, result: step.value, checks: fake.requests.filter((r) => r.task === "tutor_guard_check") };
}

/** What was shown is the reply up to where the form started to give something away, and states nothing. */
function shownBefore(shown: string, form: string) {
  expect(`${OPENING}${form}`.startsWith(shown)).toBe(true);
  expect(shown.startsWith(OPENING)).toBe(true);
  expect(findStatedAnswer(items, shown)).toBeNull();
  expect(shown.normalize("NFKC").replace(/[\u200b-\u200f]/g, "").toLowerCase()).not.toMatch(/dictionary|yranoitcid|dісtіоnаrу|\b1\s*[-:|]\s*c\b/);
}

describe("the 15 disguised forms", () => {
  it.each(RULE_FORMS)("%s: caught by the rules alone", async (_, form) => {
    const { shown, cut, stopped, checks } = await run(`${OPENING}${form}`);
    expect(cut).toMatchObject({ type: "cut", item: 1 });
    expect(stopped).toBe(true);
    shownBefore(shown, form);
    // Whatever the check saw (a table's header, "Question 1?") it found harmless: the rules made the cut.
    expect(checks.map((c) => JSON.parse(sentReply(c).content).leak)).not.toContain(true);
  });

  it.each(MODEL_FORMS)("%s: caught by the model check", async (_, form) => {
    const { shown, cut, checks, result } = await run(`${OPENING}${form} Then try the next one.`);
    expect(cut).toMatchObject({ type: "cut", item: 1 });
    shownBefore(shown, form);
    expect(shown).not.toMatch(/diccionario|after B/);
    expect(checks).toHaveLength(1);
    expect(checks[0]!.model).toBe("judge-model");
    expect(checks[0]!.prompt).toContain(form);
    // The check's tokens are the turn's.
    expect(result.checks.promptTokens).toBeGreaterThan(0);
  });
});

describe("the model check", () => {
  it("releases a held sentence it judges harmless, and everything after it", async () => {
    const text = `${OPENING}Think about question 1 again and what it asks. What does a list keep that a set does not?`;
    const { shown, cut, checks } = await run(text);
    expect(cut).toBeUndefined();
    expect(shown).toBe(text);
    expect(checks.length).toBeGreaterThanOrEqual(1);
  });

  it("never sees a reply with nothing held", async () => {
    const text = "Linear search checks each element in turn. Which one would you check first?";
    expect((await run(text)).checks).toEqual([]);
  });

  it.each([
    ["does not answer in time", "timeout"],
    ["fails", "server-error"],
  ] as const)("cuts the reply with the hint when it %s (fail closed)", async (_, fault) => {
    fake.addRule({ fault, task: "tutor_guard_check" });
    const { shown, cut } = await run(`${OPENING}Think about question 1 again and what it asks.`);
    expect(cut).toMatchObject({ type: "cut", item: 1 });
    expect(shown).toBe(`${OPENING}Think about `);
  });
});
