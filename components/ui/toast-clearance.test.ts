import { describe, expect, it } from "vitest";
import { TOAST_BAND, TOAST_GAP, toastBottomOffset } from "./toast-clearance";

const PHONE = 844;
const BASE = 16;

describe("where a toast rests", () => {
  it("at the bottom when no primary action is near it", () => {
    expect(toastBottomOffset([], PHONE, BASE)).toBe(BASE);
    expect(toastBottomOffset([{ top: 300, bottom: 348 }], PHONE, BASE)).toBe(BASE);
    // Scrolled off the screen: nothing to clear.
    expect(toastBottomOffset([{ top: 900, bottom: 948 }], PHONE, BASE)).toBe(BASE);
  });

  it("just above a primary action at the foot of the screen ('Continue to your feed')", () => {
    const action = { top: 760, bottom: 808 };
    const offset = toastBottomOffset([action], PHONE, BASE);
    expect(offset).toBe(PHONE - action.top + TOAST_GAP);
    // The toast's lowest point is above the action's top.
    expect(PHONE - offset).toBeLessThan(action.top);
  });

  it("above the next action too when lifting puts it over one", () => {
    const bar = { top: 770, bottom: 844 };
    const above = { top: 690, bottom: 738 };
    const offset = toastBottomOffset([bar, above], PHONE, BASE);
    expect(offset).toBe(PHONE - above.top + TOAST_GAP);
  });

  it("a toast lifted never leaves the screen", () => {
    const wall = Array.from({ length: 12 }, (_, i) => ({ top: i * 70, bottom: i * 70 + 60 }));
    expect(toastBottomOffset(wall, PHONE, BASE)).toBeLessThanOrEqual(PHONE - TOAST_BAND - BASE);
  });
});
