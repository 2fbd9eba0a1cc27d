import { readFile } from "node:fs/promises";
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { field, logInNewLearner, logInThroughUi, turnOnTwoFactorInUi, uniqueEmail } from "./fixtures/accounts";

/*
 * The small things a walk on a phone found (docs/product-rules.md, Accounts and Screens): toasts
 * clear of the heading, backup codes without look-alikes that can be copied and downloaded, the
 * two-factor step's own heading, and a tab that catches up when the learner comes back to it.
 */

const PHONE = { width: 390, height: 844 };
const BACKUP_CODE = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/;

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a toast never covers the page's heading", async ({ page }) => {
    await page.goto("/login");
    await field(page, "Email").fill(uniqueEmail("toast"));
    await field(page, "Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Login" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." });
    await expect(toast).toBeVisible();
    // Once it has slid in: wholly on the screen.
    await expect.poll(async () => { const b = await toast.boundingBox(); return b ? b.y + b.height : Infinity; }).toBeLessThanOrEqual(PHONE.height);
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    const box = (await toast.boundingBox())!;
    const overlaps = box.x < heading.x + heading.width && heading.x < box.x + box.width && box.y < heading.y + heading.height && heading.y < box.y + box.height;
    expect(overlaps, `toast ${JSON.stringify(box)} over heading ${JSON.stringify(heading)}`).toBe(false);
    // At the bottom of the screen, far from the heading.
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
  });
});

test("backup codes have no look-alikes and can be copied and downloaded; the log-in's code step is headed for the code and takes one", async ({ page, browser }) => {
  const learner = await logInNewLearner(page, "backup-codes");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const { panel } = await turnOnTwoFactorInUi(page, learner.password);

  const items = panel.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((code) => code.trim());
  for (const code of codes) expect(code).toMatch(BACKUP_CODE);

  await panel.getByRole("button", { name: "Copy codes" }).click();
  await expect(panel.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Download codes" }).click()]);
  expect(download.suggestedFilename()).toBe("learnpath-backup-codes.txt");
  const saved = await readFile((await download.path())!, "utf8");
  for (const code of codes) expect(saved).toContain(code);
  await panel.getByRole("button", { name: "I have saved them" }).click();

  // Another browser: after the password, the heading asks for the code, not the e-mail and password.
  const other = await browser.newContext({ viewport: PHONE });
  const phone = await other.newPage();
  await logInThroughUi(phone, learner.email, learner.password);
  const heading = phone.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Enter your authentication code");
  await expect(phone.getByRole("main")).not.toContainText("Enter your email and password");
  // Typed as a phone's keyboard would, in lower case: the field writes it as shown.
  const codeField: Locator = field(phone, "Authentication code");
  await codeField.fill(codes[0]!.toLowerCase());
  await expect(codeField).toHaveValue(codes[0]!);
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);
  await other.close();
});

test("a dashboard tab catches up when the learner comes back to it", async ({ page }) => {
  await logInNewLearner(page, "tab-return");
  await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("button", { name: /Jo Journey/ })).toBeVisible();

  // Another tab renames the learner.
  const renamed = await page.request.put("/users/me", { data: { first_name: "Joanna", last_name: "Journey" }, headers: { origin: new URL(page.url()).origin } });
  expect(renamed.status()).toBe(200);

  // The learner switches away and back.
  await page.evaluate(() => {
    for (const state of ["hidden", "visible"]) {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      document.dispatchEvent(new Event("visibilitychange"));
    }
  });
  await expect(page.getByRole("button", { name: /Joanna Journey/ })).toBeVisible();
});
