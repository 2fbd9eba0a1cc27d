import { readFileSync } from "node:fs";

/*
 * "Now" for spaced review and mastery. Every lib function of lib/practice/review and lib/practice/mastery takes
 * `now` as a parameter (unit tests pass a fixed date); the API and the pages pass learnerNow().
 *
 * Test-only seam: when TEST_CLOCK_FILE is set (only the e2e server sets it), that JSON file maps
 * learner ids to a clock offset in milliseconds ({"42": 86400000}), so a browser test can move
 * one learner's review clock a day forward without touching anyone else. Production never sets
 * the variable, and nothing a request sends can reach the file: it changes no other clock (not
 * sessions, tokens, codes or rate limits).
 */

function offsetFor(userId: number): number {
  const file = process.env.TEST_CLOCK_FILE;
  if (!file) return 0;
  try {
    const offsets = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const offset = offsets[String(userId)];
    return typeof offset === "number" && Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0; // no file yet: the real clock
  }
}

export function learnerNow(userId: number): Date {
  return new Date(Date.now() + offsetFor(userId));
}
