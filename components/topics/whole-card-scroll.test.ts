import { describe, expect, it } from "vitest";
import { wholeCardScrollTarget, type CardBox } from "./whole-card-scroll";

const INSET = 4;
/** `count` cards of `width` with `gap` between them, the first `INSET` from the row's start. */
const row = (count: number, width: number, gap: number): CardBox[] => Array.from({ length: count }, (_, i) => ({ left: INSET + i * (width + gap), width }));

/** The cards wholly inside the row's visible part at `scrollLeft`. */
const wholeCards = (cards: CardBox[], scrollLeft: number, clientWidth: number) =>
  cards.flatMap((card, i) => (card.left >= scrollLeft && card.left + card.width <= scrollLeft + clientWidth ? [i] : []));

/** Clicks right from the start until the row's end, as the browser clamps scrollLeft: every position reached. */
function sweepRight(cards: CardBox[], clientWidth: number): number[] {
  const max = cards.at(-1)!.left + cards.at(-1)!.width + INSET - clientWidth;
  const positions = [0];
  while (positions.at(-1)! < max) positions.push(Math.min(max, wholeCardScrollTarget(cards, positions.at(-1)!, clientWidth, INSET, 1)));
  return positions;
}

describe("a carousel arrow scrolls by whole cards", () => {
  it("on a 390 px phone (one 240 px card and part of the next in view), shows every card whole, one per click", () => {
    const cards = row(7, 240, 16);
    const positions = sweepRight(cards, 366);
    const seen = positions.map((left) => wholeCards(cards, left, 366));
    expect(seen).toEqual([[0], [1], [2], [3], [4], [5], [6]]);
  });

  it("on a wide screen, brings the first card not fully shown to the start: none is skipped", () => {
    const cards = row(12, 256, 24);
    const positions = sweepRight(cards, 1120);
    const seen = new Set(positions.flatMap((left) => wholeCards(cards, left, 1120)));
    expect([...seen].sort((a, b) => a - b)).toEqual(cards.map((_, i) => i));
    for (let i = 1; i < positions.length; i++) {
      const before = wholeCards(cards, positions[i - 1]!, 1120);
      expect(wholeCards(cards, positions[i]!, 1120)[0], `click ${i}`).toBe(before.at(-1)! + 1);
    }
  });

  it("left brings back the whole cards before the first one shown, the one just before it ending at the far edge", () => {
    const cards = row(12, 256, 24);
    // Cards 4-7 in view (from 1124 px): back to cards 0-3, then no further.
    const back = wholeCardScrollTarget(cards, cards[4]!.left - INSET, 1120, INSET, -1);
    expect(wholeCards(cards, back, 1120)).toEqual([0, 1, 2, 3]);
    expect(back).toBe(0);
    // On the phone, one card back at a time.
    const phone = row(7, 240, 16);
    const at3 = phone[3]!.left - INSET;
    expect(wholeCards(phone, wholeCardScrollTarget(phone, at3, 366, INSET, -1), 366)).toEqual([2]);
  });

  it("a card wider than the row still moves on by one card per click", () => {
    const cards = row(3, 500, 16);
    expect(wholeCardScrollTarget(cards, 0, 366, INSET, 1)).toBe(cards[1]!.left - INSET);
    expect(wholeCardScrollTarget(cards, cards[1]!.left - INSET, 366, INSET, -1)).toBe(0);
  });
});
