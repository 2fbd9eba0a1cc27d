/*
 * Which item a review card shows (docs/product-rules.md, "Mastery and spaced review"). Pure: the
 * caller loads the card and the items of its concept (same section, same concept key) whose keys
 * the learner has already seen. Review never shows an unseen item, so it never uses up the quiz
 * pool a later attempt draws from. A variant is preferred over the card's own question (the item
 * the learner first missed, whose answer they were shown): the rotation is the other revealed
 * items in id order, then the card's own, stepped on by the card's reps, so each answer brings
 * the next one and a concept with one variant alternates rather than teaching one answer by heart.
 */

export type CardToShow = { questionId: number; reps: number };

/**
 * The item to show for `card`: `revealed` are revealed items of its concept (its own question
 * may be among them or not); `taken` are items already shown earlier in the same session, skipped
 * while another is left; `answeredRight` are items the learner answered right within the hour
 * (./recently-right.ts), skipped before anything else while another is left.
 */
export function shownItem(card: CardToShow, revealed: Iterable<number>, taken: ReadonlySet<number> = new Set(), answeredRight: ReadonlySet<number> = new Set()): number {
  const others = [...new Set(revealed)].filter((id) => id !== card.questionId).sort((a, b) => a - b);
  const rotation = [...others, card.questionId];
  // A card has been answered at least once (reps >= 1): its first review starts at the first variant.
  const start = (((card.reps - 1) % rotation.length) + rotation.length) % rotation.length;
  const inTurn = rotation.map((_, step) => rotation[(start + step) % rotation.length]!);
  return (
    inTurn.find((id) => !answeredRight.has(id) && !taken.has(id)) ??
    inTurn.find((id) => !answeredRight.has(id)) ??
    inTurn.find((id) => !taken.has(id)) ??
    rotation[start]!
  );
}
