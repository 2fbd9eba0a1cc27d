import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

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
