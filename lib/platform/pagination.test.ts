import { describe, expect, it } from "vitest";
import { apiRange, clampPage, countedSlice, loadPage, MAX_PAGE_SIZE, type ListRange } from "./pagination";

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

/** A list of `length` numbers cut as SQL would, recording every range asked for. */
function listOf(length: number) {
  const asked: ListRange[] = [];
  const all = Array.from({ length }, (_, i) => i);
  const load = async (range: ListRange) => {
    asked.push(range);
    return { items: all.slice(range.offset, range.offset + range.limit), total: length };
  };
  return { asked, load };
}

describe("apiRange (the API's ?page=&limit=)", () => {
  it("asks for everything up to the maximum without a limit, and pages from 1", () => {
    expect(apiRange({})).toEqual({ offset: 0, limit: MAX_PAGE_SIZE });
    expect(apiRange({ page: 3 })).toEqual({ offset: 2 * MAX_PAGE_SIZE, limit: MAX_PAGE_SIZE });
    expect(apiRange({ page: 2, limit: 7 })).toEqual({ offset: 7, limit: 7 });
  });
});

describe("loadPage (the pages' clamped page)", () => {
  it("loads the requested page once when it exists", async () => {
    const list = listOf(7);
    expect(await loadPage(2, 3, list.load)).toEqual({ items: [3, 4, 5], page: 2, totalPages: 3, total: 7 });
    expect(list.asked).toEqual([{ offset: 3, limit: 3 }]);
  });

  it("shows the last page past the end, and the first for nonsense", async () => {
    const list = listOf(7);
    expect(await loadPage(99, 3, list.load)).toEqual({ items: [6], page: 3, totalPages: 3, total: 7 });
    expect(list.asked).toEqual([{ offset: 294, limit: 3 }, { offset: 6, limit: 3 }]);
    expect((await loadPage(0, 3, list.load)).items).toEqual([0, 1, 2]);
  });

  it("an empty list is one empty page", async () => {
    expect(await loadPage(5, 3, listOf(0).load)).toEqual({ items: [], page: 1, totalPages: 1, total: 0 });
  });
});

describe("countedSlice", () => {
  const never = async () => {
    throw new Error("counted apart although a row carried the total");
  };

  it("takes the total from the rows, and counts apart only past the end", async () => {
    expect(await countedSlice([{ n: 1, total: 9 }], { offset: 4, limit: 1 }, (r) => r.n, never)).toEqual({ items: [1], total: 9 });
    expect(await countedSlice([], { offset: 0, limit: 5 }, (r: { total: number }) => r, never)).toEqual({ items: [], total: 0 });
    expect(await countedSlice([], { offset: 10, limit: 5 }, (r: { total: number }) => r, async () => 4)).toEqual({ items: [], total: 4 });
  });
});
