import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { inCi, missingToolInCi } from "./missing-tool";

/*
 * The Chromium that Playwright drives (the e2e suite, `npm run test:faults`, `npm run test:dev`):
 * Debian's `chromium-headless-shell` when installed (CI: .ci/run installs it), else Debian's
 * `chromium`, else the browser `npx playwright install chromium` downloads. README: Requirements.
 *
 * The headless shell is the same Chromium build without the desktop browser around the page, and
 * what Playwright itself launches for headless runs. Measured on the e2e suite's sign-up, shell and
 * list specs (64 tests, 2 workers): Chromium's processes used 33 s of CPU against 90 s for the full
 * browser in its new headless mode, and the run took 52 s against 88 s (docs/testing.md).
 */

const DEBIAN_BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export const CHROMIUM_MISSING =
  `No Chromium for Playwright: neither Debian's ${DEBIAN_BROWSERS.join(" nor ")} nor Playwright's own (${chromium.executablePath()}) is installed. ` +
  "Install one: `apt-get install -y chromium-headless-shell` (Debian/Ubuntu) or `npx playwright install chromium`.";

/** The browser to launch: a path, undefined for Playwright's own, or null when none is installed. */
export function chromiumExecutable(): string | undefined | null {
  const debian = DEBIAN_BROWSERS.find((path) => existsSync(path));
  if (debian) return debian;
  if (existsSync(chromium.executablePath())) return undefined;
  return null;
}

/**
 * The browser for a run that needs one: CI must have it (throws, scripts/lib/missing-tool.ts);
 * elsewhere null, and what drives it is skipped. `sayWhenMissing` tells the console so once (the
 * test runner's workers load its configuration too).
 */
export function chromiumForRun({ sayWhenMissing = false } = {}): string | undefined | null {
  const path = chromiumExecutable();
  if (path !== null) return path;
  if (inCi) throw missingToolInCi(CHROMIUM_MISSING);
  if (sayWhenMissing && !process.env.TEST_WORKER_INDEX) console.warn(`${CHROMIUM_MISSING} The specs that drive it are skipped.`);
  return null;
}
