import { expect, test } from "./fixtures/browser-test";
import { E2E_LEARNER } from "./fixtures/settings";
import { logInToDashboard } from "./fixtures/accounts";

test.describe("sign-in aliases", () => {
  for (const alias of ["/signin", "/dashboard/signin"]) {
    test(`${alias} goes to /login and, after login, back to the callbackUrl`, async ({ page }) => {
      await page.goto(`${alias}?callbackUrl=${encodeURIComponent("/dashboard/explore-topics?page=1")}`);
      await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fexplore-topics/);
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(E2E_LEARNER.email);
      await page.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_LEARNER.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/dashboard\/explore-topics\?page=1$/);
      await expect(page.getByRole("heading", { level: 1, name: "Explore All Topics" })).toBeVisible();
    });
  }

  test("an external callbackUrl is ignored", async ({ page }) => {
    await page.goto(`/signin?callbackUrl=${encodeURIComponent("https://evil.example/steal")}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`/login?callbackUrl=${encodeURIComponent("//evil.example/steal")}`);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(E2E_LEARNER.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_LEARNER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/dashboard$/);
  });

  test("a protected page sends an anonymous visitor to /login and back after login", async ({ page }) => {
    await page.goto("/dashboard/my-account");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fmy-account$/);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(E2E_LEARNER.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_LEARNER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-account$/);
  });
});

test.describe("unknown paths", () => {
  test("an unknown page answers 404 with the not-found page, at its own address", async ({ page }) => {
    const response = await page.goto("/no-such-page/at/all");
    expect(response!.status()).toBe(404);
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/no-such-page\/at\/all$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("an unknown page inside the learner area shows a signed-in learner the not-found page with the way to the dashboard", async ({ page }) => {
    await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
    const response = await page.goto("/dashboard/no-such-screen");
    expect(response!.status()).toBe(404);
    await expect(page).toHaveURL(/\/dashboard\/no-such-screen$/);
    await expect(page.getByRole("main").getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  });
});
