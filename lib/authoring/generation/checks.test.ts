import { describe, expect, it } from "vitest";
import { checkOutline, checkQuestions, checkSubsections, checkTopicCourses } from "./checks";

const q = (over: Partial<{ question: string; options: string[]; correct_answer: string; hint: string; concept: string; explanation: string }> = {}) => ({
  question: "What does len([1, 2]) return?",
  options: ["1", "2", "3", "An error"],
  correct_answer: "2",
  hint: "Count the items.",
  concept: "len",
  explanation: "len counts the items of a list, and [1, 2] has two.",
  ...over,
});

describe("content checks", () => {
  it.each([
    ["three options", q({ options: ["1", "2", "3"] }), "it has 3 options instead of 4"],
    ["duplicate options", q({ options: ["1", "2", "2 ", "4"] }), "two options are the same"],
    ["an answer outside the options", q({ correct_answer: "two" }), "the correct answer is not one of the options"],
    ["no hint", q({ hint: "  " }), "it has no hint"],
    ["no concept", q({ concept: " " }), "it names no concept"],
    ["no explanation", q({ explanation: "" }), "it has no explanation"],
    ["an empty question", q({ question: "" }), "the question is empty"],
    ["its key written in the question", q({ question: "Which method adds an item at the end? Hint: use append()", options: ["append()", "extend()", "insert()", "add()"], correct_answer: "append()" }), "the question gives its answer away"],
    ["its key written in the hint", q({ options: ["two items", "one item", "three items", "An error"], correct_answer: "two items", hint: "It returns two items." }), "the hint gives the answer away"],
  ])("rejects a question with %s", (_name, question, reason) => {
    const { valid, rejected } = checkQuestions([question]);
    expect(valid).toEqual([]);
    expect(rejected).toEqual([{ question: question.question, reason }]);
  });

  it("keeps clean questions, drops repeats (also of existing ones), and trims the answer to the option", () => {
    const { valid, rejected } = checkQuestions(
      [q({ correct_answer: " 2 " }), q({ question: "what does  LEN([1, 2]) return?" }), q({ question: "Old one" })],
      [q({ question: "Old one" })],
    );
    expect(valid).toHaveLength(1);
    expect(valid[0]!.correct_answer).toBe("2");
    expect(rejected.map((r) => r.reason)).toEqual(["it repeats another question", "it repeats another question"]);
  });

  it("a stem that names several options, or a short key that turns up by chance, gives nothing away", () => {
    const named = q({ question: "Which is immutable: a list or a tuple?", options: ["a tuple", "a list", "both", "neither"], correct_answer: "a tuple" });
    const short = q({ question: "What does len([1, 2]) return for 2 items?" });
    const inWord = q({ question: "Which call appends to the list?", options: ["append", "extend", "insert", "add"], correct_answer: "append", hint: "Think of appending." });
    expect(checkQuestions([named, short, inWord]).rejected).toEqual([]);
  });

  it("subsections: one per planned title, real content, fences with a language", () => {
    const good = { title: "A", content: "Some explanation that is long enough to count.\n\n```python\nprint(1)\n```" };
    expect(checkSubsections(["A"], [good])).toEqual([]);
    expect(checkSubsections(["A", "B"], [good])).toEqual(["expected 2 subsections, got 1"]);
    expect(checkSubsections(["A"], [{ title: "A", content: "   " }])).toEqual(["subsection 1 has no real content"]);
    expect(checkSubsections(["A"], [{ title: "A", content: "Long enough explanation text goes here...\n```\ncode\n```" }])).toEqual([
      "subsection 1 has a code fence without a language (line 2)",
    ]);
  });

  it("outline and topic courses: counts, repeats and levels", () => {
    expect(checkOutline({ sections: [{ title: "One", summary: "", subsections: ["a"] }] })).toEqual(["expected 2 to 8 sections, got 1"]);
    expect(checkOutline({ sections: [{ title: "One", summary: "", subsections: ["a", "A"] }, { title: "one", summary: "", subsections: ["b"] }] })).toEqual([
      "section 1 repeats a subsection title",
      'section title "one" is repeated',
    ]);
    const course = (title: string, level: "Beginner" | "Intermediate" | "Advanced") => ({ title, description: "d", level });
    expect(checkTopicCourses({ courses: [course("A", "Beginner"), course("B", "Intermediate"), course("C", "Advanced")] })).toEqual([]);
    expect(checkTopicCourses({ courses: [course("A", "Beginner"), course("B", "Beginner"), course("b", "Beginner")] })).toEqual([
      'course title "b" is repeated',
      "the courses do not span at least two levels",
    ]);
  });
});
