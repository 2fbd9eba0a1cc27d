import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard } from "./fixtures/accounts";
import { apiToken, bearer } from "./fixtures/api";

// Signing out ends the session on the server. A copy of the session cookie taken
// before Logout (or before "Sign out everywhere" in another browser) opens nothing afterwards.

const interests = (page: Page) => page.getByRole("dialog", { name: "Select Your Interests" });

async function signedInBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInToDashboard(page, email, password);
  await interests(page).getByRole("button", { name: "Skip" }).click();
  await expect(interests(page)).toBeHidden();
  return { context, page };
}

test("learner: a session cookie copied before Logout is refused afterwards", async ({ browser, request }) => {
  const { email, password } = await createLearner(request, "cookie-replay");
  const { context, page } = await signedInBrowser(browser, email, password);
  const copied = await context.cookies();

  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The thief's browser, with the cookie as it was before Logout.
  const thief = await browser.newContext();
  await thief.addCookies(copied);
  const me = await thief.request.get("/users/me");
  expect(me.status()).toBe(401);
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/dashboard");
  await expect(thiefPage).toHaveURL(/\/login/);
  await thief.close();
  await context.close();
});

test("learner: Sign out everywhere on My Account ends the other browser's session and API tokens too", async ({ browser, request }) => {
  const { email, password } = await createLearner(request, "everywhere");
  const laptop = await signedInBrowser(browser, email, password);
  const phone = await signedInBrowser(browser, email, password);
  const token = await apiToken(request, email, password);

  await laptop.page.goto("/dashboard/my-account");
  await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop.page).toHaveURL(/\/login$/);

  await phone.page.goto("/dashboard");
  await expect(phone.page).toHaveURL(/\/login/);
  expect((await request.get("/users/me", { headers: bearer(token) })).status()).toBe(401);
  await laptop.context.close();
  await phone.context.close();
});
