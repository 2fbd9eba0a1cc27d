import { describe, expect, it } from "vitest";
import { clampPage } from "./pagination";

describe("clampPage", () => {
  it.each([
    ["an empty list is one page", 1, 0, { page: 1, totalPages: 1 }],
    ["exactly one full page", 1, 12, { page: 1, totalPages: 1 }],
    ["one more than a page makes two", 2, 13, { page: 2, totalPages: 2 }],
    ["past the end gives the last page", 9, 25, { page: 3, totalPages: 3 }],
    ["zero gives the first page", 0, 25, { page: 1, totalPages: 3 }],
    ["a negative page gives the first page", -2, 25, { page: 1, totalPages: 3 }],
    ["a fraction gives the first page", 1.5, 25, { page: 1, totalPages: 3 }],
    ["NaN gives the first page", Number.NaN, 25, { page: 1, totalPages: 3 }],
  ])("%s", (_name, requested, total, expected) => {
    expect(clampPage(requested, total, 12)).toEqual(expected);
  });
});
