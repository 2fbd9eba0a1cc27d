import { describe, expect, it } from "vitest";
import { parseJsonAnswer, splitThinking } from "./json-answer";

/* Reasoning before the JSON (a thinking model's habit) is skipped; what holds no object stays invalid. */

describe("parseJsonAnswer", () => {
  it.each([
    ["plain JSON", '{"a": 1}'],
    ["a <think> block first", '<think>I need {"a": 2}? No: {"a": 1}.</think>\n{"a": 1}'],
    ["prose with braces first", 'Each item needs {two} fields.\n\nHere is the JSON:\n{"a": 1}'],
    ["a fenced answer", 'Sure:\n```json\n{"a": 1}\n```'],
  ])("reads %s", (_name, text) => {
    expect(parseJsonAnswer(text)).toEqual({ a: 1 });
  });

  it.each([
    ["a cut-off object", 'Thinking... {"a": [1, 2'],
    ["prose alone", "I cannot answer {that}."],
  ])("refuses %s", (_name, text) => {
    expect(() => parseJsonAnswer(text)).toThrow(SyntaxError);
  });
});

describe("splitThinking", () => {
  it.each([
    ["no block", '{"a": 1}', "", '{"a": 1}'],
    ["a closed block", '<think>plan it</think>\n{"a": 1}', "plan it", '{"a": 1}'],
    ["a block the budget cut off", "<think>still planning the", "still planning the", ""],
  ])("separates %s", (_name, text, thinking, answer) => {
    expect(splitThinking(text)).toEqual({ thinking, answer });
  });
});
