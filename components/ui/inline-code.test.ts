import { describe, expect, it } from "vitest";
import { optionsAreCode, optionText } from "./inline-code";

describe("optionsAreCode", () => {
  it("is true for one-token or letter-free options of a question that shows code", () => {
    expect(optionsAreCode("What is the value of `7 // 2` in Python?", ["3", "3.5", "4", "1"])).toBe(true);
    expect(optionsAreCode("What type does `10 / 2` produce?", ["int", "float", "str", "bool"])).toBe(true);
    expect(optionsAreCode("Which numbers does `range(1, 5)` produce?", ["1, 2, 3, 4, 5", "1, 2, 3, 4", "0, 1, 2, 3, 4", "2, 3, 4"])).toBe(true);
  });

  it("is false for sentences, and for any question without code", () => {
    expect(optionsAreCode("What does `break` do inside a loop?", ["It skips to the next iteration", "It exits the loop immediately"])).toBe(false);
    expect(optionsAreCode("Given `x = 15`, what is printed?", ["big", "medium", "big and then medium", "small"])).toBe(false);
    expect(optionsAreCode("Which object stores a file's content?", ["tree", "commit", "blob", "tag"])).toBe(false);
  });

  it("leaves options that mark their own code alone", () => {
    expect(optionsAreCode("What does `x` hold?", ["`1`", "2"])).toBe(false);
    expect(optionText("float", true)).toBe("`float`");
    expect(optionText("float", false)).toBe("float");
  });
});
