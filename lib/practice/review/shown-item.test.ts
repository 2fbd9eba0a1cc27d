import { describe, expect, it } from "vitest";
import { shownItem } from "./shown-item";

describe("the item a review card shows", () => {
  it("is the card's own question when no other item of its concept has been seen", () => {
    expect(shownItem({ questionId: 7, reps: 1 }, [])).toBe(7);
    expect(shownItem({ questionId: 7, reps: 4 }, [7])).toBe(7);
  });

  it("prefers a seen variant at the first review, then rotates through the variants and the card's own question as reps grow", () => {
    const revealed = [12, 7, 9];
    expect([1, 2, 3, 4, 5].map((reps) => shownItem({ questionId: 7, reps }, revealed))).toEqual([9, 12, 7, 9, 12]);
  });

  it("with one variant, alternates with the card's own question rather than showing one item every time", () => {
    expect([1, 2, 3].map((reps) => shownItem({ questionId: 7, reps }, [7, 9]))).toEqual([9, 7, 9]);
  });

  it("skips an item already shown in the session while another is left", () => {
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9, 12], new Set([9]))).toBe(12);
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9], new Set([9, 7]))).toBe(9);
  });

  it("skips an item answered right within the hour before anything else, while another is left", () => {
    // The first variant was just answered right: the next in turn instead, even the card's own question.
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9, 12], new Set(), new Set([9]))).toBe(12);
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9], new Set(), new Set([9]))).toBe(7);
    // Taken in the session weighs less than answered right just now.
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9], new Set([7]), new Set([9]))).toBe(7);
    // Every item answered right just now (served because nothing else is due): the usual turn.
    expect(shownItem({ questionId: 7, reps: 1 }, [7, 9], new Set(), new Set([7, 9]))).toBe(9);
  });
});
