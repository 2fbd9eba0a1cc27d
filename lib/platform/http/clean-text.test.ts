import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { assertCleanText } from "./clean-text";

function refusal(value: unknown) {
  try {
    assertCleanText(value);
  } catch (error) {
    return error as AppError;
  }
  return null;
}

describe("assertCleanText", () => {
  it("lets ordinary text through, emoji, right-to-left scripts and combining marks included", () => {
    expect(refusal({ title: "Python 🐍", description: "مرحبا שלום Zalgo\u0308", tags: ["a", { b: "c" }], n: 1, none: null })).toBeNull();
  });

  it.each([
    ["a NUL byte", { first_name: "Ada\u0000" }, "first_name"],
    ["a lone high surrogate", { title: "abc\ud800" }, "title"],
    ["a lone low surrogate deep in a list", { answers: [{ answer: "ok" }, { answer: "\udc00" }] }, "answers.1.answer"],
  ])("refuses %s with 422, naming the field", (_name, value, field) => {
    const error = refusal(value);
    expect(error).toBeInstanceOf(AppError);
    expect(error!.status).toBe(422);
    expect(error!.message).toBe(`${field} must not contain NUL characters or invalid Unicode.`);
    expect(error!.extra.fields).toEqual([{ field, message: error!.message }]);
  });

  it("walks a deeply nested value without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refusal({ deep })?.status).toBe(422);
  });
});
