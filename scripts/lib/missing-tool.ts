/*
 * A test that needs a tool the README's set-up (`npm install`, `npm test`) does not install:
 * skipped outside CI, saying what is missing and how to get it, so a fresh clone's `npm test` is
 * green; under CI=true it fails instead, because CI installs every such tool (.ci/run) and may
 * never pass by skipping a check.
 */

export const inCi = Boolean(process.env.CI);

/** The error CI fails with for a missing tool (`missing` says what and how to get it). */
export function missingToolInCi(missing: string): Error {
  return new Error(`${missing} CI=true: a missing tool fails the run here, never skips a test.`);
}
