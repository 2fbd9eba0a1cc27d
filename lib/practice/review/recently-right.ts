/*
 * Review leaves alone what the learner has just shown they know (docs/product-rules.md, "Mastery
 * and spaced review"): an item answered right within the last hour (a quiz try, first or second,
 * or a review answer; quiz_reveals.right_at) is not shown again, and a card whose every item it
 * could show is such waits, unless nothing else is due. The case it is for: an item missed on the
 * first try and answered right on the second is due for review at once (the miss counts), and
 * review served it minutes after the learner had answered it right.
 */

/** How long an item answered right stays out of review. */
export const RECENTLY_RIGHT_MS = 60 * 60 * 1000;

/** The instant after which an answer right counts as recent at `now`. */
export const recentlyRightSince = (now: Date) => new Date(now.getTime() - RECENTLY_RIGHT_MS);

/** Whether an item last answered right at `rightAt` (null: never) is left alone at `now`. */
export function answeredRightRecently(rightAt: Date | null, now: Date): boolean {
  return rightAt !== null && rightAt.getTime() > recentlyRightSince(now).getTime();
}

/**
 * The cards a session serves, in their order: the due cards with something to show that was not
 * answered right within the hour; when every due card is such (`recent`), all of them, since
 * nothing else is due.
 */
export function skipRecentlyRight<T extends { recent: boolean }>(cards: readonly T[]): T[] {
  const others = cards.filter((card) => !card.recent);
  return others.length ? others : [...cards];
}
