import { scrollBehavior } from "@/client/motion";

/*
 * Bringing an answer's feedback into view (docs/product-rules.md, "Feedback on screen"). On a
 * phone the panel opens below the options, at or past the bottom edge: the page scrolls down just
 * far enough that the panel ends above the card's action bar (which sticks to the bottom of the
 * screen), but never so far that the question scrolls off the top, so the options stay in reach for
 * a second try; the verdict and its first lines (the hint, the second-try rule) are always shown,
 * even when that takes the question's first lines off. It never scrolls up, and it jumps rather
 * than glides when the learner asks for reduced motion.
 */

/** Viewport positions (getBoundingClientRect's, in px) of what the scroll weighs. */
export type FeedbackLayout = {
  viewportHeight: number;
  /** The question's top: kept on screen while possible. */
  questionTop: number;
  /** The end of the verdict and its first lines: always brought on screen. */
  summaryBottom: number;
  /** The panel's bottom: brought on screen when the question allows. */
  panelBottom: number;
  /** The sticky action bar's height (0 without one): the part of the screen it covers. */
  barHeight: number;
};

/** Room left between what is brought into view and the screen's edges. */
export const FEEDBACK_MARGIN = 12;

/** How far to scroll down (px, 0 for not at all) to show the feedback as described above. */
export function feedbackScrollDelta(layout: FeedbackLayout): number {
  const visibleBottom = layout.viewportHeight - layout.barHeight - FEEDBACK_MARGIN;
  const wholePanel = layout.panelBottom - visibleBottom;
  const questionStays = layout.questionTop - FEEDBACK_MARGIN;
  const summary = layout.summaryBottom - visibleBottom;
  return Math.max(0, Math.round(Math.max(summary, Math.min(wholePanel, questionStays))));
}

/**
 * Moves focus to the feedback's heading without the browser's own jump (a screen reader announces
 * it, and the keyboard carries on from it), then scrolls as feedbackScrollDelta says. The panel's
 * card marks itself `data-answer-card` and its sticky bar `data-answer-actions`; the question is
 * the card's legend.
 */
export function revealFeedback(panel: HTMLElement, heading: HTMLElement, summary: HTMLElement): void {
  heading.focus({ preventScroll: true });
  const card = panel.closest<HTMLElement>("[data-answer-card]");
  const question = card?.querySelector("legend") ?? panel;
  const bar = card?.querySelector<HTMLElement>("[data-answer-actions]");
  const delta = feedbackScrollDelta({
    viewportHeight: window.innerHeight,
    questionTop: question.getBoundingClientRect().top,
    summaryBottom: summary.getBoundingClientRect().bottom,
    panelBottom: panel.getBoundingClientRect().bottom,
    barHeight: bar?.getBoundingClientRect().height ?? 0,
  });
  if (delta > 0) window.scrollBy({ top: delta, behavior: scrollBehavior() });
}
