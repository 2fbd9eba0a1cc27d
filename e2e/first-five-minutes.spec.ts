import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { field, uniqueEmail } from "./fixtures/accounts";
import { waitForCode } from "./fixtures/mail";
import { subsectionTitle } from "./fixtures/reader";

/*
 * A new visitor's first five minutes on a phone (docs/testing.md, "First five minutes"): the home
 * page, sign-up, the e-mailed code (which signs them in), interests, and the first lesson from the
 * dashboard's primary card. Every tap and every typed field is counted through `tap` and `type`.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test("first five minutes: from the home page to the first lesson in 6 taps and 6 typed fields, signed in by the code", async ({ page }) => {
  const count = { taps: 0, fields: 0 };
  const tap = async (target: Locator) => {
    count.taps++;
    await target.click();
  };
  const type = async (target: Locator, value: string) => {
    count.fields++;
    await target.fill(value);
  };
  const email = uniqueEmail("first-five");
  const main = page.getByRole("main");

  await page.goto("/");
  await tap(main.getByRole("link", { name: "Generate My First Course" }));
  await expect(page).toHaveURL(/\/signup$/);
  await type(field(page, "First Name"), "Fia");
  await type(field(page, "Last Name"), "Five");
  await type(field(page, "Email"), email);
  await type(field(page, "Password"), "five-minutes-1");
  await type(field(page, "Confirm Password"), "five-minutes-1");
  const since = Date.now();
  await tap(page.getByRole("button", { name: "Sign Up" }));
  await expect(page).toHaveURL(/\/sign-up-verify-code$/);

  await type(field(page, "Verification code"), await waitForCode(email, since));
  await tap(page.getByRole("button", { name: "Verify Code" }));
  // Signed in by the code: straight on to the interests, no log-in form.
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pick Topics You Love");

  await tap(main.getByRole("button", { name: "Python Programming" }));
  await tap(main.getByRole("button", { name: "Continue to your feed" }));
  await expect(page).toHaveURL(/\/dashboard$/);
  const start = main.getByRole("button", { name: /^Start / });
  await expect(start).toBeVisible();
  await saveFirstScreen(page);

  await tap(start);
  await expect(page).toHaveURL(/\/dashboard\/detail-courses\?courseId=\d+$/);
  await expect(subsectionTitle(page)).toBeVisible();

  console.log(`first five minutes: ${count.taps} taps + ${count.fields} typed fields = ${count.taps + count.fields} (before signing in by the code: 7 taps + 7 fields = 14)`);
  expect(count).toEqual({ taps: 6, fields: 6 });
});

/** The dashboard's first screen on the phone, for the closing note, when E2E_SHOTS_DIR is set. */
async function saveFirstScreen(page: Page) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, "dashboard-first-screen.png") });
}
