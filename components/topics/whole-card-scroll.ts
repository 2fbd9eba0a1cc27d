/*
 * Where a carousel's arrow scrolls to: by whole cards, never by a fixed distance (a fixed 840 px
 * on a 390 px phone skipped cards it never showed whole). Right brings the first card not fully
 * shown to the start of the row; left brings back as many whole cards as fit before the first
 * one fully shown, the one just before it ending at the row's far edge. Pure, on positions in the
 * row's scrolled content (px), so it can be tested without a browser.
 */

/** A card's left edge and width in the row's content. */
export type CardBox = { left: number; width: number };

/**
 * The scrollLeft to go to: `cards` in order, `scrollLeft` and `clientWidth` the row's now,
 * `inset` the padding before the first card (where a card sits once scrolled to the start).
 */
export function wholeCardScrollTarget(cards: readonly CardBox[], scrollLeft: number, clientWidth: number, inset: number, direction: -1 | 1): number {
  const start = scrollLeft + inset - 1;
  const end = scrollLeft + clientWidth - inset + 1;
  if (direction > 0) {
    const next = cards.findIndex((card) => card.left + card.width > end);
    if (next === -1) return scrollLeft + clientWidth;
    const target = cards[next]!.left - inset;
    // A card wider than the row starts at its left already: go on to the one after it.
    if (target > scrollLeft + 1 || next + 1 >= cards.length) return Math.max(target, scrollLeft + 1);
    return cards[next + 1]!.left - inset;
  }
  const first = cards.findIndex((card) => card.left >= start);
  const before = first === -1 ? cards.length : first;
  if (before === 0) return 0;
  const lastToShow = cards[before - 1]!;
  const showUntil = lastToShow.left + lastToShow.width;
  const from = cards.findIndex((card, i) => i < before && showUntil - (card.left - inset) <= clientWidth - inset);
  const target = cards[from === -1 ? before - 1 : from]!.left - inset;
  return from === 0 ? 0 : Math.max(0, Math.min(target, scrollLeft - 1));
}
