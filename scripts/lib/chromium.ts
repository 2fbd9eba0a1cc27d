import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { inCi, missingToolInCi } from "./missing-tool";

/*
 * The Chromium that Playwright drives (the e2e suite, `npm run test:faults`): Debian's `chromium`
 * package when installed (this project's machines, and CI: .ci/run installs it), else the browser
 * `npx playwright install chromium` downloads. README: Requirements.
 */

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_MISSING =
  `No Chromium for Playwright: neither Debian's ${DEBIAN_CHROMIUM} nor Playwright's own (${chromium.executablePath()}) is installed. ` +
  "Install one: `apt-get install -y chromium` (Debian/Ubuntu) or `npx playwright install chromium`.";

/** The browser to launch: a path, undefined for Playwright's own, or null when neither is installed. */
export function chromiumExecutable(): string | undefined | null {
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
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
