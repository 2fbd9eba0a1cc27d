/*
 * Where a toast rests (docs/product-rules.md, "Screens"): at the bottom of the screen, where it
 * covers neither the header nor the page's heading, but never over a primary action. A primary
 * action (a form's submit button, a `data-primary-action` such as "Continue to your feed" or the
 * quiz's action bar) in the band a toast would take lifts the toast to just above it, and again
 * for one above that, so a toast shown as a page opens ("Code verified") never hides the button
 * the learner taps next.
 */

/** What counts as a primary action on screen. */
export const PRIMARY_ACTIONS = "[data-primary-action], button[type=submit]";

/** The height a toast takes at most (three lines of text) and the gap kept from what it clears, px. */
export const TOAST_BAND = 96;
export const TOAST_GAP = 8;

/** An action's vertical extent on screen (getBoundingClientRect's top and bottom, px). */
export type ActionBox = { top: number; bottom: number };

/**
 * The toast's distance from the screen's bottom edge: `base` unless a primary action is in the
 * band the toast would take, then just above the highest such action (and so on while another
 * stands in the new band); the toast always stays on the screen.
 */
export function toastBottomOffset(actions: readonly ActionBox[], viewportHeight: number, base: number): number {
  const onScreen = actions.filter((a) => a.bottom > 0 && a.top < viewportHeight);
  let offset = base;
  for (let i = 0; i <= onScreen.length; i++) {
    const bandTop = viewportHeight - offset - TOAST_BAND;
    const covered = onScreen.filter((a) => a.bottom > bandTop && a.top < viewportHeight - offset);
    if (!covered.length) break;
    offset = viewportHeight - Math.min(...covered.map((a) => a.top)) + TOAST_GAP;
  }
  return Math.max(base, Math.min(offset, viewportHeight - TOAST_BAND - base));
}
