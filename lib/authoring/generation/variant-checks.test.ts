import { describe, expect, it } from "vitest";
import { spreadKeys } from "./key-positions";
import { sortVariants, type ConceptToVary } from "./variant-checks";

/* What a call for fresh variants may add: the content checks, a concept that was asked for, at most so many per concept; keys spread over positions. */

const concepts: ConceptToVary[] = [
  { key: "list slicing", concept: "List slicing", subsectionIndex: 1 },
  { key: "f-strings", concept: "f-strings", subsectionIndex: 0 },
];

let n = 0;
const variant = (concept: string, over: Partial<{ question: string; correct_answer: string }> = {}) => {
  n++;
  return {
    question: `Variant ${n}: what does the code print?`,
    options: [`right ${n}`, `wrong ${n}a`, `wrong ${n}b`, `wrong ${n}c`],
    correct_answer: `right ${n}`,
    hint: "Read the code line by line.",
    concept,
    explanation: "Because of how it works.",
    ...over,
  };
};

describe("sortVariants", () => {
  it("stores a variant under its concept's own text, matched as conceptKey matches (case and spacing aside)", () => {
    const { accepted, rejected } = sortVariants([variant("list  SLICING"), variant("F-strings")], concepts, [], 2);
    expect(rejected).toEqual([]);
    expect(accepted.map((v) => [v.concept, v.target.subsectionIndex])).toEqual([
      ["List slicing", 1],
      ["f-strings", 0],
    ]);
  });

  it.each([
    ["a concept nobody asked for", () => variant("decorators"), 'it names a concept that was not asked for ("decorators")'],
    ["a copy of an item in the pool", () => variant("f-strings", { question: "What does f'{1+1}' give?" }), "it repeats another question"],
    ["its key in the question", () => variant("f-strings", { question: 'What prints? The answer is "right key".', correct_answer: "right key" }), "the correct answer is not one of the options"],
    ["a key leaked word for word", () => ({ ...variant("f-strings"), question: `Which is right? (The answer is "right ${n}".)` }), "the question gives its answer away"],
  ])("drops %s", (_name, make, reason) => {
    const v = make();
    const { accepted, rejected } = sortVariants([v], concepts, [{ question: "What does f'{1+1}' give?" }], 2);
    expect(accepted).toEqual([]);
    expect(rejected).toEqual([{ question: v.question, reason }]);
  });

  it("keeps at most `perConcept` per concept, whatever number the model wrote", () => {
    const { accepted, rejected } = sortVariants([variant("f-strings"), variant("f-strings"), variant("f-strings")], concepts, [], 2);
    expect(accepted).toHaveLength(2);
    expect(rejected.map((r) => r.reason)).toEqual(["more variants of its concept than were asked for"]);
  });
});

describe("spreadKeys", () => {
  it("moves a batch's keys to consecutive positions from the offset, the other options in the model's order", () => {
    const batch = [variant("f-strings"), variant("f-strings"), variant("f-strings"), variant("f-strings"), variant("f-strings")];
    const spread = spreadKeys(batch, 3);
    expect(spread.map((q) => q.options.indexOf(q.correct_answer))).toEqual([3, 0, 1, 2, 3]);
    expect(spread[1]!.options).toEqual([batch[1]!.correct_answer, ...batch[1]!.options.slice(1)]);
    expect(spread[0]!.options).toEqual([...batch[0]!.options.slice(1), batch[0]!.correct_answer]);
  });
});
