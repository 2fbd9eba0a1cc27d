import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInThroughUi, logInToDashboard } from "./fixtures/accounts";
import { expectAccessible } from "./fixtures/axe";
import { E2E_ADMIN, E2E_LEARNER } from "./fixtures/settings";

/*
 * Wrong addresses (docs/product-rules.md, Screens): an unknown path or certificate answers 404 with
 * the app's not-found page; the other role's area answers 403 with the not-allowed page, never the
 * login form; a visitor is still sent to /login. API calls to unknown paths keep their JSON 404.
 */

const ORIGIN = /^https?:\/\/[^/]+/;
const at = (path: string) => new RegExp(`${ORIGIN.source}${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

async function expectNotFoundPage(page: Page) {
  // "Page not found", or the page's own word for it ("Certificate not found").
  await expect(page).toHaveTitle(/not found \| LearnPath$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  // The public frame, once: header with the brand, footer.
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("banner").getByRole("link", { name: "LearnPath" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test.describe("unknown paths", () => {
  test("visitor: an unknown path answers 404 with the not-found page and a way home", async ({ page }, testInfo) => {
    const response = await page.goto("/no-such-page/at/all");
    expect(response!.status()).toBe(404);
    await expect(page).toHaveURL(at("/no-such-page/at/all"));
    await expectNotFoundPage(page);
    await expectAccessible(page, testInfo, "not-found page");
    await expect(page.getByRole("link", { name: "Go to your dashboard" })).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(at("/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI-Powered Learning Built Just for You");
  });

  test("learner: an unknown path, inside the learner area too, offers the way to the dashboard", async ({ page }) => {
    await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
    for (const path of ["/no-such-page", "/dashboard/no-such-screen"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page).toHaveURL(at(path));
      await expectNotFoundPage(page);
      await expect(page.getByRole("main").getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    }
    await page.getByRole("main").getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(at("/dashboard"));
  });

  test("an unknown certificate answers 404 with the app's not-found page", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-certificate"]) {
      const response = await page.goto(`/certificates/${id}`);
      expect(response!.status(), id).toBe(404);
      await expectNotFoundPage(page);
    }
  });

  test("API calls to an unknown path keep their JSON 404", async ({ request }) => {
    const calls = [
      request.get("/no-such-page", { headers: { accept: "application/json" } }),
      request.get("/no-such-page", { headers: { accept: "*/*" } }),
      request.post("/no-such-page", { headers: { accept: "text/html" }, data: {} }),
      request.delete("/no-such-page"),
      request.get("/users/no/such/endpoint", { headers: { accept: "text/html" } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status(), response.url()).toBe(404);
      expect(await response.json(), response.url()).toEqual({ detail: "Not Found" });
      expect(response.headers()["cache-control"], response.url()).toBe("no-store");
    }
  });
});

test.describe("the wrong area", () => {
  test("learner: every /admin page answers 403 with the not-allowed page, never the login form", async ({ page }, testInfo) => {
    await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
    for (const path of ["/admin", "/admin/users", "/admin/generation"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(403);
      await expect(page, path).toHaveURL(at(path));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to open this page");
      await expect(page.getByRole("main")).toContainText("signed in as a learner");
      await expect(page.getByRole("textbox", { name: "Password", exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);
      await expect(page.getByText("Admin Dashboard")).toHaveCount(0);
    }
    await expectAccessible(page, testInfo, "not-allowed page");
    await page.getByRole("main").getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(at("/dashboard"));
  });

  test("admin: a learner page answers 403 with the way back to the admin area", async ({ page }) => {
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(at("/admin"));
    const response = await page.goto("/dashboard/my-courses");
    expect(response!.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to open this page");
    await expect(page.getByRole("main").getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/admin");
  });

  test("visitor: /admin still goes to /login", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers$/);
    await expect(page.getByRole("textbox", { name: "Password", exact: true })).toBeVisible();
  });
});
