import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { E2E_ADMIN, E2E_LEARNER } from "../playwright.config";

// The logged-in shells (learner header + account menu, admin top bar + sidebar), My Account, and the
// role redirects. Logs in through the UI at /login like a visitor would.

type Account = { email: string; password: string };

function urlPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^[^?#]*://[^/]+${escaped}(?:[?#].*)?$`);
}

async function logIn(page: Page, account: Account, landing: "/dashboard" | "/admin") {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(urlPath(landing));
  // The seeded learner never has interests, so the dashboard opens the one-time interests modal: skip it.
  if (landing === "/dashboard") {
    const interests = page.getByRole("dialog", { name: "Select Your Interests" });
    await interests.getByRole("button", { name: "Skip" }).click();
    await expect(interests).toBeHidden();
  }
}

/** The account menu button in the learner top bar (its name is the learner's full name). */
const menuButton = (page: Page) => page.getByRole("banner").locator('button[aria-haspopup="menu"]');
const accountMenu = (page: Page) => page.getByRole("menu");
const firstNameField = (page: Page) => page.getByLabel("First Name", { exact: true });
const lastNameField = (page: Page) => page.getByLabel("Last Name", { exact: true });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save", exact: true });

/** My Account's name fields once the form has its values (it fills them after it hydrates). */
async function shownNames(page: Page): Promise<{ first: string; last: string }> {
  await expect(firstNameField(page)).not.toHaveValue("");
  await expect(lastNameField(page)).not.toHaveValue("");
  return { first: await firstNameField(page).inputValue(), last: await lastNameField(page).inputValue() };
}

/** Sets the first name on My Account and waits for the success toast. */
async function saveFirstName(page: Page, firstName: string) {
  await page.goto("/dashboard/my-account");
  await firstNameField(page).fill(firstName);
  await saveButton(page).click();
  await expect(page.getByText("User Details Updated Successfully.")).toBeVisible();
}

test.describe("learner shell", () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, E2E_LEARNER, "/dashboard");
  });

  test("learner: the dashboard greets the learner and the top bar has the learner links", async ({ page }) => {
    await expect(page).toHaveTitle(/Dashboard/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome/);

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "LearnPath" })).toHaveAttribute("href", "/dashboard");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Review", "Progress", "Completed Courses", "Explore Topics"]);
    await expect(nav.getByRole("link", { name: "Review" })).toHaveAttribute("href", "/dashboard/review");
    await expect(nav.getByRole("link", { name: "Progress" })).toHaveAttribute("href", "/dashboard/progress");
    await expect(nav.getByRole("link", { name: "Completed Courses" })).toHaveAttribute("href", "/dashboard/completed-courses");
    await expect(nav.getByRole("link", { name: "Explore Topics" })).toHaveAttribute("href", "/dashboard/explore-topics");
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
    await expect(page.getByRole("contentinfo")).toHaveText("© 2025 LearnPath. All rights reserved.");
  });

  test("learner: the user menu shows the full name, opens, closes and has three entries", async ({ page }) => {
    await page.goto("/dashboard/my-account");
    const { first, last } = await shownNames(page);
    const button = menuButton(page);
    await expect(button).toHaveAccessibleName(`${first} ${last}`);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(accountMenu(page)).toBeHidden();

    await button.click();
    const menu = accountMenu(page);
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem")).toHaveText(["Edit Profile", "Edit Personalized Learning", "Logout"]);
    await expect(menu.getByRole("menuitem", { name: "Edit Profile" })).toHaveAttribute("href", "/dashboard/my-account");
    await expect(menu.getByRole("menuitem", { name: "Edit Personalized Learning" })).toHaveAttribute(
      "href",
      "/dashboard/topic-selection",
    );
    await expect(menu.getByRole("menuitem", { name: "Edit Profile" })).toBeFocused();

    // Outside click closes it.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(accountMenu(page)).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Escape closes it and returns focus to the button.
    await button.click();
    await expect(accountMenu(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(accountMenu(page)).toBeHidden();
    await expect(button).toBeFocused();

    // Keyboard: ArrowDown opens at the first entry, arrows wrap around.
    await page.keyboard.press("ArrowDown");
    await expect(accountMenu(page).getByRole("menuitem", { name: "Edit Profile" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(accountMenu(page).getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(accountMenu(page).getByRole("menuitem", { name: "Edit Profile" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(accountMenu(page)).toBeHidden();
  });

  test("learner: Edit Profile opens My Account with the email read-only", async ({ page }) => {
    await menuButton(page).click();
    await accountMenu(page).getByRole("menuitem", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(urlPath("/dashboard/my-account"));
    await expect(accountMenu(page)).toBeHidden();
    await expect(page).toHaveTitle(/My Account/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account");

    const email = page.getByLabel("Email", { exact: true });
    await expect(email).toHaveValue(E2E_LEARNER.email);
    await expect(email).not.toBeEditable();
    await expect(email).toHaveAttribute("aria-readonly", "true");
    await expect(firstNameField(page)).toBeEditable();
    await expect(lastNameField(page)).toBeEditable();
    await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
    await expect(saveButton(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Change Password", exact: true })).toBeVisible();
  });

  test("learner: saving a new first name shows the toast and the new name in the header", async ({ page }) => {
    await page.goto("/dashboard/my-account");
    const { first: original, last } = await shownNames(page);
    const renamed = `${original}E2E`.slice(0, 100);

    try {
      await saveFirstName(page, renamed);
      await expect(menuButton(page)).toHaveAccessibleName(`${renamed} ${last}`);
      await page.reload();
      await expect(menuButton(page)).toHaveAccessibleName(`${renamed} ${last}`);
      await expect(firstNameField(page)).toHaveValue(renamed);
    } finally {
      await saveFirstName(page, original);
    }
    await page.reload();
    await expect(menuButton(page)).toHaveAccessibleName(`${original} ${last}`);
  });

  test("learner: clearing the first name shows 'First Name is required'", async ({ page }) => {
    await page.goto("/dashboard/my-account");
    const first = firstNameField(page);
    await expect(page.getByText("First Name is required")).toBeHidden();

    await first.fill("");
    await first.blur();
    await expect(page.getByText("First Name is required")).toBeVisible();
    await expect(first).toHaveAttribute("aria-invalid", "true");

    // Save refuses to send it: no success toast, the error stays.
    await saveButton(page).click();
    await expect(page.getByText("First Name is required")).toBeVisible();
    await expect(page.getByText("User Details Updated Successfully.")).toBeHidden();
  });

  test("learner: Logout goes to /login and the dashboard is closed afterwards", async ({ page }) => {
    await page.evaluate(() => window.sessionStorage.setItem("interestModalSkipped", "true"));
    await menuButton(page).click();
    await accountMenu(page).getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(urlPath("/login"));
    expect(await page.evaluate(() => window.sessionStorage.getItem("interestModalSkipped"))).toBeNull();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("learner: opening /admin shows the not-allowed page, not the login form", async ({ page }) => {
    const response = await page.goto("/admin");
    expect(response!.status()).toBe(403);
    await expect(page).toHaveURL(urlPath("/admin"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to open this page");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toHaveCount(0);
  });
});

test.describe("learner shell on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("mobile: the menu toggle offers every header link and Logout", async ({ page }) => {
    await logIn(page, E2E_LEARNER, "/dashboard");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menuButton(page)).toBeHidden();

    const toggle = header.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    await expect(header.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link")).toHaveText([
      "Review",
      "Progress",
      "Completed Courses",
      "Explore Topics",
      "Edit Profile",
      "Edit Personalized Learning",
    ]);
    await expect(nav.getByRole("button", { name: "Logout", exact: true })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("admin shell", () => {
  test("admin: lands on /admin with the top bar and Analytics marked in the sidebar", async ({ page }) => {
    await logIn(page, E2E_ADMIN, "/admin");
    await expect(page).toHaveTitle(/Admin/);
    const header = page.getByRole("banner");
    await expect(header.getByText("Admin Dashboard")).toBeVisible();
    await expect(header.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");

    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(["Analytics", "Users", "Topics", "Questions", "Reports", "Generation"]);
    await expect(nav.getByRole("link", { name: "Analytics" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Users" })).not.toHaveAttribute("aria-current");
    await expect(nav.getByRole("link", { name: "Topics" })).not.toHaveAttribute("aria-current");
    await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/users");
    await expect(nav.getByRole("link", { name: "Topics" })).toHaveAttribute("href", "/admin/topics");
  });

  test("admin: Logout goes to /login and the admin area is closed afterwards", async ({ page }) => {
    await logIn(page, E2E_ADMIN, "/admin");
    await page.getByRole("banner").getByRole("button", { name: "Logout", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/login"));
    await page.goto("/admin");
    await expect(page).toHaveURL(urlPath("/login"));
  });
});

test.describe("anonymous visitor", () => {
  test("anonymous: opening /dashboard/my-account is sent to /login", async ({ page }) => {
    await page.goto("/dashboard/my-account");
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("anonymous: opening /admin is sent to /login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(urlPath("/login"));
  });
});
