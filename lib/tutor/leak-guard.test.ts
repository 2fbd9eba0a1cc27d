import { describe, expect, it } from "vitest";
import { randomChunks, splits } from "../../tests/harness/chunks";
import { createLeakGuard, findStatedAnswer, MAX_SENTENCE_CHARS, type GuardedItem } from "./leak-guard";

/** An attempt's items as the learner sees them: keys as code, notation, a number, True/False, a sentence, No. */
const items: GuardedItem[] = [
  {
    number: 1,
    question: 'Which expression evaluates to the string "53" in JavaScript?',
    options: ["5 + 3", '5 - "3"', '"5" + 3', 'Number("53")'],
    key: '"5" + 3',
  },
  {
    number: 2,
    question: "What is the time complexity of linear search on an unsorted list?",
    options: ["O(1)", "O(n)", "O(log n)", "O(n log n)"],
    key: "O(n)",
  },
  { number: 3, question: "How many items does len([1, 2, 3, 4]) return?", options: ["3", "4", "5", "None"], key: "4" },
  { number: 4, question: "True or false: a Python list can hold values of different types.", options: ["True", "False"], key: "True" },
  {
    number: 5,
    question: "Why does binary search need a sorted list?",
    options: [
      "Because sorting makes it use less memory",
      "Because it discards half of the remaining items after comparing with the middle element",
      "Because unsorted lists cannot be indexed",
      "Because Python requires it",
    ],
    key: "Because it discards half of the remaining items after comparing with the middle element",
  },
  { number: 6, question: "Should a Python function use a mutable default argument?", options: ["Yes", "No"], key: "No" },
];

/** Replies that state an answer, and whose. */
const LEAKS: [string, number][] = [
  ["The answer to question 2 is O(n).", 2],
  ["O(n) is the answer to question 2.", 2],
  ["Good thinking! For question 2, the right option is the second option.", 2],
  ["Go with option 2 on Q2.", 2],
  ["The correct answer is (b).", 2],
  ["I'd go with the second one.", 2],
  ["Your quiz answer for Q2 should be O( n ).", 2],
  ["The time complexity of linear search on an unsorted list is **O(n)**.", 2],
  ["Let's recap.\nCount how many elements you check.\nSo the answer is `O(n)`", 2],
  ['`"5" + 3` is the correct answer.', 1],
  ["For question 1, pick '5' + 3.", 1],
  ["The answer is 4.", 3],
  ["len([1, 2, 3, 4]) returns 4.", 3],
  ["Q4: True.", 4],
  ["It's true for question 4.", 4],
  ["The statement in question 4 is True.", 4],
  ["The answer to question 5 is that it discards half of the remaining items after comparing with the middle element.", 5],
  ["For this question, binary search works because it throws away half of the remaining items after comparing against the middle element.", 5],
  ["No is the right answer for question 6.", 6],
  ["Sure! The answer to question 6 is *no*. Shared defaults surprise people.", 6],
];

/** Ordinary explanations: they mention keys, options and quiz words, and state no answer. */
const PASSES: string[] = [
  "O(n) means the work grows linearly with the input.",
  "Linear search looks at each element once, so its cost grows with the size of the list.",
  "In JavaScript, the + operator concatenates when either side is a string, so it's worth checking the types of both operands.",
  "There are 4 seasons in a year, and 4 is also an even number.",
  "That's true: Python lists are flexible.",
  "True and False are Python's two boolean values.",
  "No worries, let's look at the loop together.",
  "Think about what happens to the list after each comparison.\nWhich half can you throw away?",
  "A hash table lookup is O(1) on average, while scanning a list is O(n) in the worst case.",
  "Decimals like 0.5 and method calls like a.b() don't end a sentence. Neither does x != y!",
  "Re-read the second paragraph of the lesson; it explains why order matters.",
  "The answer depends on how many elements the loop visits.",
  'When you compare 5 + 3 with "5" + "3", the types decide the result.',
  "Try tracing the loop by hand with a list of four items, counting each step.",
  "Your question is a good one: what does the loop do when the item is missing?",
  "If you get stuck, the lesson on binary search shows why discarding half of the items each step is so fast.",
  '```js\nconst s = "5" + 3; // a string\nconsole.log(typeof s);\n```',
  "Is it true that mutable defaults are shared between calls? Yes, and that's why people use None instead.",
  "The answer is no longer O(n^2) once you use a set.",
  "- Step 1: compare with the middle element.\n- Step 2: discard the half that cannot hold it.\n",
];

const SPLITS = splits([1, 2, 3, 4, 5]);

/** A sentence ends inside the held text: more than the current sentence is held. */
const COMPLETE_SENTENCE = /[.!?]+[)"'’”\]*_`]*\s|\n/;

/** Streams the chunks; returns what the learner saw and whether the hold-back bound held throughout. */
function stream(guardItems: GuardedItem[], chunks: string[]) {
  const guard = createLeakGuard(guardItems);
  let sent = "";
  let shown = "";
  const overHeld: string[] = [];
  for (const chunk of chunks) {
    sent += chunk;
    shown += guard.push(chunk);
    const held = sent.slice(shown.length);
    if (guard.leakedItem === null && (COMPLETE_SENTENCE.test(held) || held.length > MAX_SENTENCE_CHARS)) overHeld.push(held);
  }
  shown += guard.end();
  return { shown, leakedItem: guard.leakedItem, overHeld, guard };
}

describe("the answer guard on whole texts", () => {
  it.each(LEAKS)("catches a stated answer: %s", (text, item) => {
    expect(findStatedAnswer(items, text)).toBe(item);
  });

  it.each(PASSES)("lets an explanation through: %s", (text) => {
    expect(findStatedAnswer(items, text)).toBeNull();
  });

  it("tells the O(n) mention from the O(n) answer", () => {
    expect(findStatedAnswer(items, "O(n) means the work grows linearly with the input.")).toBeNull();
    expect(findStatedAnswer(items, "O(n) means the work grows linearly, and it's the answer to question 2.")).toBe(2);
    expect(findStatedAnswer(items, "For question 2, think of O(n).")).toBe(2);
    expect(findStatedAnswer(items, "For question 2, think about how many elements you check.")).toBeNull();
  });

  it("reads O(n), O( n ), `O(n)` and **O(n)** alike, in any case", () => {
    for (const key of ["O(n)", "O( n )", "`O(n)`", "**O(n)**", "o(N)", '"O(n)"']) {
      expect(findStatedAnswer(items, `The answer to question 2 is ${key}.`)).toBe(2);
    }
    expect(findStatedAnswer(items, "The answer to question 2 is O(n log n).")).toBeNull();
    expect(findStatedAnswer(items, "The answer to question 2 is O(n^2).")).toBeNull();
  });

  it("matches a code key with its quotes when another option differs only by them", () => {
    expect(findStatedAnswer(items, "The answer to question 1 is `\"5\" + 3`.")).toBe(1);
    expect(findStatedAnswer(items, "The answer to question 1 is ‘5’ + 3.")).toBe(1);
    // 5 + 3 is another option: stating it gives nothing away.
    expect(findStatedAnswer(items, "The answer to question 1 is 5 + 3.")).toBeNull();
  });

  it("counts a one-word key only in an asserted form", () => {
    expect(findStatedAnswer(items, "Lists have 4 methods we met so far: append, pop, sort and count.")).toBeNull();
    expect(findStatedAnswer(items, "Question 3 is about counting; 4 elements or 40, len counts them all.")).toBeNull();
    expect(findStatedAnswer(items, "For question 3, it's 4.")).toBe(3);
    expect(findStatedAnswer(items, "It's True.")).toBeNull();
    expect(findStatedAnswer(items, "The right answer is true.")).toBe(4);
    expect(findStatedAnswer(items, "No, that is not quite it: look at the loop again.")).toBeNull();
    expect(findStatedAnswer(items, "The answer is no, because the default is shared.")).toBe(6);
    // Naming the item ties a one-word key to it more loosely.
    expect(findStatedAnswer(items, "For question 3, remember that 4 is the count.")).toBe(3);
    expect(findStatedAnswer(items, "In this question, len returns 4.")).toBe(3);
    expect(findStatedAnswer(items, "In question 2, 4 is the number of loops you see.")).toBeNull();
  });

  it("counts option positions: ordinals, numbers, letters, the last one", () => {
    expect(findStatedAnswer(items, "The correct answer to question 2 is option b.")).toBe(2);
    expect(findStatedAnswer(items, "The answer is b.")).toBe(2);
    expect(findStatedAnswer(items, "For question 1 you should pick the third option.")).toBe(1);
    expect(findStatedAnswer(items, "For question 6, the correct answer is the last option.")).toBe(6);
    // A position that is not the key's, or belongs to another item named in the sentence.
    expect(findStatedAnswer(items, "For question 2, the correct answer is not the first option.")).toBeNull();
    expect(findStatedAnswer(items, "For question 3, the right option is the third option.")).toBeNull();
    expect(findStatedAnswer(items, "The answer is a list of the items you checked.")).toBeNull();
    expect(findStatedAnswer(items, "Re-read the second paragraph: it explains the first option of many.")).toBeNull();
  });

  it("counts a long key restated with small changes, only when asserted", () => {
    const restated = "it throws away half the remaining items after comparing against the middle element";
    expect(findStatedAnswer(items, `The correct answer is that ${restated}.`)).toBe(5);
    expect(findStatedAnswer(items, `Binary search is fast: ${restated}.`)).toBeNull();
  });

  it("finds nothing with no items", () => {
    for (const [text] of LEAKS) expect(findStatedAnswer([], text)).toBeNull();
  });
});

describe("the answer guard on a stream", () => {
  describe.each(SPLITS)("fed %s", (_, split) => {
    it.each(LEAKS)("cuts before the stated answer: %s", (text, item) => {
      const { shown, leakedItem, overHeld } = stream(items, split(text));
      expect(leakedItem).toBe(item);
      expect(findStatedAnswer(items, shown)).toBeNull();
      expect(text.startsWith(shown)).toBe(true);
      expect(overHeld).toEqual([]);
      // Not even the key's first characters ("... is O(") reach the learner (quotes alone tell nothing).
      const key = items.find((i) => i.number === item)!.key.toLowerCase();
      const seen = shown.toLowerCase();
      const keyStarts = [...key]
        .map((_, k) => key.slice(0, k + 1))
        .filter((start) => /[\p{L}\p{N}]/u.test(start) && seen.endsWith(start) && !/[\p{L}\p{N}]/u.test(seen.at(-start.length - 1) ?? ""));
      expect(keyStarts).toEqual([]);
    });

    it.each(PASSES)("passes an explanation whole: %s", (text) => {
      const { shown, leakedItem, overHeld } = stream(items, split(text));
      expect(leakedItem).toBeNull();
      expect(shown).toBe(text);
      expect(overHeld).toEqual([]);
    });
  });

  it("streams text that cannot become a stated answer at once", () => {
    const guard = createLeakGuard(items);
    expect(guard.push("Linear search")).toBe("Linear search");
    expect(guard.push(" checks each element. ")).toBe(" checks each element. ");
    expect(guard.push("Think about the ")).toBe("Think about the ");
    expect(guard.push("worst case")).toBe("worst case");
  });

  it("holds a sentence with a key until it ends, then releases it if nothing asserts it", () => {
    const guard = createLeakGuard(items);
    expect(guard.push("Recall: ")).toBe("Recall: ");
    expect(guard.push("O(n) means")).toBe("");
    expect(guard.push(" linear growth")).toBe("");
    expect(guard.push(".")).toBe("");
    expect(guard.push(" Now")).toBe("O(n) means linear growth. Now");
    expect(guard.end()).toBe("");
    expect(guard.leakedItem).toBeNull();
  });

  it("catches a key split across chunks, and an assertion that comes after it", () => {
    const guard = createLeakGuard(items);
    expect(guard.push("Nice try. O(")).toBe("Nice try.");
    expect(guard.push("n)")).toBe("");
    expect(guard.push(" is the answer")).toBe("");
    expect(guard.push(" to question 2. More")).toBe("");
    expect(guard.leakedItem).toBe(2);
  });

  it("holds a sentence ending in a number until the next character tells whether it is a decimal", () => {
    const decimal: GuardedItem[] = [{ number: 1, question: "What is 1/2 as a decimal?", options: ["0.2", "0.5", "2.0", "1.2"], key: "0.5" }];
    const guard = createLeakGuard(decimal);
    expect(guard.push("The answer is 0.")).toBe("");
    expect(guard.push("5.")).toBe("");
    expect(guard.end()).toBe("");
    expect(guard.leakedItem).toBe(1);
    expect(findStatedAnswer(decimal, "Multiply by 0.5 to halve a number. The answer is 0.2 or so, roughly.")).toBeNull();
  });

  it("returns nothing after a hit, from push and end alike", () => {
    const guard = createLeakGuard(items);
    expect(guard.push("Let's see. The answer to question 3 is 4. Then")).toBe("Let's see.");
    expect(guard.leakedItem).toBe(3);
    expect(guard.push(" more text.")).toBe("");
    expect(guard.end()).toBe("");
    expect(guard.leakedItem).toBe(3);
  });

  it("judges what is left at the end as a complete reply", () => {
    const guard = createLeakGuard(items);
    expect(guard.push("So it's O(n)")).toBe("");
    expect(guard.end()).toBe("");
    expect(guard.leakedItem).toBe(2);
    const mention = createLeakGuard(items);
    expect(mention.push("Compare O(n)")).toBe("");
    expect(mention.end()).toBe("Compare O(n)");
    expect(mention.leakedItem).toBeNull();
  });

  it("never holds more than the bound in a run-on sentence", () => {
    const runOn = `O(n) grows ${"and grows ".repeat(80)}with the input`;
    for (const [, split] of SPLITS) {
      const { shown, leakedItem, overHeld } = stream(items, split(runOn));
      expect(leakedItem).toBeNull();
      expect(shown).toBe(runOn);
      expect(overHeld.filter((held) => held.length > MAX_SENTENCE_CHARS)).toEqual([]);
    }
  });

  it("passes a reply through unchanged, chunk for chunk, when there are no items", () => {
    for (const text of [...PASSES, ...LEAKS.map(([leak]) => leak)]) {
      const guard = createLeakGuard([]);
      const chunks = randomChunks(text, 7);
      expect(chunks.map((chunk) => guard.push(chunk))).toEqual(chunks);
      expect(guard.end()).toBe("");
      expect(guard.leakedItem).toBeNull();
    }
  });
});

describe("an answer announced for a guarded item", () => {
  it("holds the sentence from its start until it ends, so a cut leaves no dangling 'The answer to question 2 is'", () => {
    const items = [{ number: 2, question: "What is the time complexity of a single loop over n items?", options: ["O(1)", "O(n)", "O(n^2)", "O(log n)"], key: "O(n)" }];
    const guard = createLeakGuard(items);
    let shown = guard.push("Good question. ");
    shown += guard.push("The answer to question");
    expect(shown).toBe("Good question. ");
    shown += guard.push(" 2 is ");
    expect(shown).toBe("Good question. ");
    shown += guard.push("O(n).");
    shown += guard.end();
    expect(guard.leakedItem).toBe(2);
    expect(shown).toBe("Good question. ");
  });

  it("releases such a sentence whole when it ends without a key", () => {
    const items = [{ number: 2, question: "What is the time complexity of a single loop over n items?", options: ["O(1)", "O(n)", "O(n^2)", "O(log n)"], key: "O(n)" }];
    const guard = createLeakGuard(items);
    let shown = guard.push("The answer to question 2 is something you can work out ");
    expect(shown).toBe("");
    shown += guard.push("from the loop. Try it!");
    shown += guard.end();
    expect(guard.leakedItem).toBeNull();
    expect(shown).toBe("The answer to question 2 is something you can work out from the loop. Try it!");
  });
});
