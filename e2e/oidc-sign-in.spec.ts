import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { uniqueEmail } from "./fixtures/accounts";
import { E2E_OIDC_LABEL } from "./fixtures/settings";

// Organisation sign-in end to end: the login page's "Continue with <label>", the real OpenID
// Connect provider the e2e server runs on loopback (its development login page takes any login:
// the login is the e-mail it signs in as), and back to the app signed in.

async function signInAtProvider(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: `Continue with ${E2E_OIDC_LABEL}` }).click();
  await page.getByPlaceholder("Enter any login").fill(email);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test("a first organisation sign-in creates a learner and opens the dashboard", async ({ page }) => {
  const email = uniqueEmail("oidc");
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/my-account");
  await expect(page.getByRole("textbox", { name: "First Name" })).toHaveValue("Olivia");
  await expect(page.getByRole("textbox", { name: "Last Name" })).toHaveValue("Provider");
  await expect(page.getByText(email)).toBeVisible();
});

test("an e-mail the provider did not verify is refused with a message on the login page", async ({ page }) => {
  await signInAtProvider(page, uniqueEmail("unverified-oidc"));
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole("alert").filter({ hasText: "Sign-in with your organisation did not work." })).toBeVisible();
});
