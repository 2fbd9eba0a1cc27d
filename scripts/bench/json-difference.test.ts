import { describe, expect, it } from "vitest";
import { describeDifference, firstDifference, type Answer } from "./json-difference";

/*
 * The check `npm run bench:api` runs on each endpoint before any load: a twin whose JSON differs
 * from the app's fails the bench (docs/performance.md, "Honest twins"). Each test plants one
 * difference in a copy of a real answer and sees the check name it.
 */

const course = {
  id: 7,
  course_title: "SQL basics",
  sections: [
    { section_title: "Joins", ready: true, subsections: [{ title: "Inner joins", content: "…", minutes: 3 }] },
    { section_title: "Indexes", ready: true, subsections: [{ title: "B-trees", content: null, minutes: 4 }] },
  ],
  quiz_status: { "0": true, "1": false },
  review_sections: [1],
  enrolled: true,
};

const answer = (body: unknown, more: Partial<Answer> = {}): Answer => ({ status: 200, body, totalCount: null, sentAt: 1_000, answeredAt: 1_010, ...more });
const copy = <T>(value: T): T => structuredClone(value);

describe("a twin's answer against the app's", () => {
  it("is equal when nothing differs", () => {
    expect(firstDifference(answer(course), answer(copy(course)))).toBeNull();
  });

  it("fails on a planted difference deep inside, naming the path and both values", () => {
    const twin = copy(course);
    twin.sections[1]!.subsections[0]!.minutes = 5;
    const difference = firstDifference(answer(course), answer(twin));
    expect(difference).toEqual({ path: "$.sections[1].subsections[0].minutes", app: 4, twin: 5 });
    expect(describeDifference(difference!)).toBe("at $.sections[1].subsections[0].minutes: app 4, twin 5");
  });

  it("fails on a field the twin lacks, and on one the app lacks", () => {
    const { review_sections: _dropped, ...lacking } = copy(course);
    expect(firstDifference(answer(course), answer(lacking))).toEqual({ path: "$ keys[4]", app: "review_sections", twin: "enrolled" });
    expect(firstDifference(answer({ ...lacking, extra: 1 }), answer(lacking))).toEqual({ path: "$ keys[5]", app: "extra", twin: "(none)" });
  });

  it("fails on the same keys in another order, and on the same items in another order", () => {
    const { enrolled, review_sections, ...rest } = copy(course);
    expect(firstDifference(answer(course), answer({ ...rest, enrolled, review_sections }))?.path).toBe("$ keys[4]");
    const swapped = copy(course);
    swapped.sections.reverse();
    expect(firstDifference(answer(course), answer(swapped))?.path).toBe("$.sections[0].section_title");
  });

  it("fails on a value of another type, null for a string, an extra item", () => {
    expect(firstDifference(answer({ a: 1 }), answer({ a: "1" }))).toEqual({ path: "$.a", app: 1, twin: "1" });
    expect(firstDifference(answer({ a: "x" }), answer({ a: null }))).toEqual({ path: "$.a", app: "x", twin: null });
    expect(firstDifference(answer([1, 2]), answer([1, 2, 3]))).toEqual({ path: "$.length", app: 2, twin: 3 });
  });

  it("fails on another status or another total count before looking at the JSON", () => {
    expect(firstDifference(answer(course), answer(course, { status: 409 }))).toEqual({ path: "status", app: 200, twin: 409 });
    expect(firstDifference(answer([], { totalCount: "6" }), answer([], { totalCount: null }))).toEqual({ path: "X-Total-Count", app: "6", twin: null });
  });

  it("takes a shuffled array as a multiset where the endpoint names it, and nowhere else", () => {
    const due = { cards: [{ card_id: 1, options: ["a", "b", "c"] }] };
    const shuffled = { cards: [{ card_id: 1, options: ["c", "a", "b"] }] };
    const leeway = { unordered: ["$.cards[*].options"] };
    expect(firstDifference(answer(due), answer(shuffled), leeway)).toBeNull();
    expect(firstDifference(answer(due), answer(shuffled))?.path).toBe("$.cards[0].options[0]");
    // Another option is a difference even where the order is free.
    expect(firstDifference(answer(due), answer({ cards: [{ card_id: 1, options: ["a", "b", "d"] }] }), leeway)?.path).toBe("$.cards[0].options[2]");
  });

  it("takes a date computed from each call's clock as equal only when one interval fits both calls", () => {
    const leeway = { clock: ["$.next_due_at"] };
    const tenMinutes = 600_000;
    // The app answered within 1,000..1,010 ms, the twin within 2,000..2,012: the same ten minutes from each call's now.
    const app = answer({ next_due_at: new Date(1_005 + tenMinutes).toISOString() });
    const twin = answer({ next_due_at: new Date(2_011 + tenMinutes).toISOString() }, { sentAt: 2_000, answeredAt: 2_012 });
    expect(firstDifference(app, twin, leeway)).toBeNull();
    // A minute more is another interval: a difference.
    const later = answer({ next_due_at: new Date(2_011 + tenMinutes + 60_000).toISOString() }, { sentAt: 2_000, answeredAt: 2_012 });
    expect(firstDifference(app, later, leeway)?.path).toBe("$.next_due_at");
    // Only the named field has the leeway.
    expect(firstDifference(answer({ due: app.body }), answer({ due: twin.body }, { sentAt: 2_000, answeredAt: 2_012 }), leeway)?.path).toBe("$.due.next_due_at");
    expect(firstDifference(app, answer({ next_due_at: "soon" }), leeway)?.path).toBe("$.next_due_at");
  });
});
