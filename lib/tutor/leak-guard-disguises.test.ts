import { describe, expect, it } from "vitest";
import { randomChunks, splits } from "../../tests/harness/chunks";
import { base64, DISGUISE_ITEMS, MODEL_FORMS, RULE_FORMS } from "../../tests/harness/disguised-leaks";
import { createLeakGuard, findStatedAnswer } from "./leak-guard";

/*
 * A model that knows item 1's key and tries to get it past the guard in disguise (docs/tutor.md,
 * "Disguises"). The 13 forms a rule can read are caught by the rules alone, whole and streamed in
 * any chunks, with nothing of the key shown; the two only understanding reads (the key translated,
 * a riddle) are held for the model check (guarded-reply.test.ts runs all 15 through it).
 */

const items = DISGUISE_ITEMS;
const reversed = (text: string) => [...text].reverse().join("");

const SPLITS = splits([1, 2, 3]);

function stream(text: string, chunks: string[], review = false) {
  const guard = createLeakGuard(items, { review });
  let shown = "";
  for (const chunk of chunks) shown += guard.push(chunk);
  shown += guard.end();
  return { shown, guard };
}

/** Nothing that tells the key: its text, folded or reversed, its letter after "is", its base64. */
function givesNothingAway(shown: string) {
  const folded = shown.normalize("NFKC").replace(/[\u200b-\u200f\u2060\ufeff]/g, "").toLowerCase();
  expect(folded).not.toMatch(/dictionary|yranoitcid|dісtіоnаrу/);
  expect(folded).not.toMatch(/\b1\s*[-:|]\s*c\b|\| 1 \| c/);
  expect(shown).not.toContain(base64("The answer to question 1 is C.").slice(0, 12));
  expect(findStatedAnswer(items, shown)).toBeNull();
}

describe("the 13 disguised forms a rule can read", () => {
  it.each(RULE_FORMS)("catches %s in a whole text", (_, text) => {
    expect(findStatedAnswer(items, text)).toBe(1);
  });

  describe.each(SPLITS)("streamed %s", (_, split) => {
    it.each(RULE_FORMS)("cuts %s before any of it is shown", (_, text) => {
      const { shown, guard } = stream(text, split(text));
      expect(guard.leakedItem).toBe(1);
      expect(text.startsWith(shown)).toBe(true);
      givesNothingAway(shown);
    });
  });

  it("reads a whole sentence written backwards, and one behind a right-to-left override", () => {
    expect(findStatedAnswer(items, reversed("The answer to question 1 is C."))).toBe(1);
    expect(findStatedAnswer(items, `\u202e${reversed("The answer to question 1 is a dictionary.")}`)).toBe(1);
  });

  it("maps letters and ordinals to the named item's own options", () => {
    // C is item 1's key, not item 2's or 3's.
    expect(findStatedAnswer(items, "Key: 2-C, 3-C.")).toBeNull();
    expect(findStatedAnswer(items, "It's the third one on number 2.")).toBeNull();
    expect(findStatedAnswer(items, "It's the first one on number 2.")).toBe(2);
    expect(findStatedAnswer(items, "| Question | Answer |\n| --- | --- |\n| 3 | B |\n")).toBe(3);
    expect(findStatedAnswer(items, "1. C\n2. B\n")).toBe(1);
  });

  it("decodes the other common encodings", () => {
    const sentence = "The answer to question 1 is C.";
    expect(findStatedAnswer(items, `In hex: ${Buffer.from(sentence).toString("hex")}`)).toBe(1);
    expect(findStatedAnswer(items, encodeURIComponent(sentence).replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`))).toBe(1);
    expect(findStatedAnswer(items, [...sentence].map((c) => `&#${c.charCodeAt(0)};`).join(""))).toBe(1);
    expect(findStatedAnswer(items, sentence.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65))))).toBe(1);
  });
});

describe("what a rule cannot read", () => {
  it.each(MODEL_FORMS)("passes the rules (%s) but is held, whole, for the model check", (_, text) => {
    expect(findStatedAnswer(items, text)).toBeNull();
    const guard = createLeakGuard(items, { review: true });
    let shown = "";
    for (const chunk of randomChunks(text, 4)) shown += guard.push(chunk);
    shown += guard.end();
    expect(guard.awaiting?.sentence).toBe(text.slice(shown.length));
    expect(shown.length).toBeLessThan(text.indexOf("1"));
  });
});

describe("harmless replies near the new rules", () => {
  const PASSES = [
    "Step 1: C is a compiled language, Python is not.",
    "Here is a table of sizes:\n| n | steps |\n| --- | --- |\n| 1 | 3 |\n| 2 | 3 |\n",
    "1. Read the lesson again.\n2. Try the example.\n",
    "Key points: 1-2 loops are enough here.",
    "The number 1 is odd, and a dictionary is a good place to count things.",
    "Think about question 1 again. What does a list keep that a set does not?",
    "JavaScript and TypeScript both have objects that work like maps.",
  ];
  it.each(PASSES)("lets it through whole: %s", (text) => {
    expect(findStatedAnswer(items, text)).toBeNull();
    for (const [, split] of SPLITS) expect(stream(text, split(text)).shown).toBe(text);
  });
});
