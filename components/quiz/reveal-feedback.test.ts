import { describe, expect, it } from "vitest";
import { FEEDBACK_MARGIN, feedbackScrollDelta } from "./reveal-feedback";

// A 390x844 phone with the quiz's 80 px action bar stuck to the bottom: what is above 752 px shows.
const phone = { viewportHeight: 844, barHeight: 80 };
const visibleBottom = phone.viewportHeight - phone.barHeight - FEEDBACK_MARGIN;

describe("how far the page scrolls to show an answer's feedback", () => {
  it("brings the whole panel above the action bar when the question can stay on screen", () => {
    const delta = feedbackScrollDelta({ ...phone, questionTop: 300, summaryBottom: 900, panelBottom: 1000 });
    expect(delta).toBe(1000 - visibleBottom);
    expect(300 - delta).toBeGreaterThanOrEqual(FEEDBACK_MARGIN);
  });

  it("stops with the question at the top when the whole panel does not fit, the verdict and hint still shown", () => {
    const delta = feedbackScrollDelta({ ...phone, questionTop: 300, summaryBottom: 880, panelBottom: 1400 });
    expect(delta).toBe(300 - FEEDBACK_MARGIN);
    expect(880 - delta).toBeLessThanOrEqual(visibleBottom);
  });

  it("shows the verdict and its summary even when that takes the top of a long question off the screen", () => {
    const delta = feedbackScrollDelta({ ...phone, questionTop: 100, summaryBottom: 1200, panelBottom: 1500 });
    expect(delta).toBe(1200 - visibleBottom);
  });

  it("does not move a page whose feedback is already in view, and never scrolls up", () => {
    expect(feedbackScrollDelta({ ...phone, questionTop: 120, summaryBottom: 500, panelBottom: 700 })).toBe(0);
    expect(feedbackScrollDelta({ ...phone, questionTop: -200, summaryBottom: 300, panelBottom: 600 })).toBe(0);
  });

  it("without an action bar (the review's buttons are in the panel), counts the screen down to its bottom edge", () => {
    const delta = feedbackScrollDelta({ viewportHeight: 844, barHeight: 0, questionTop: 400, summaryBottom: 900, panelBottom: 1000 });
    expect(delta).toBe(1000 - (844 - FEEDBACK_MARGIN));
  });
});
