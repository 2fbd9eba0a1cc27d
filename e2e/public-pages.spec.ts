import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";

// Public pages: home, about, the shared header/footer and the small-screen menu.
// Target pages (/signup, /explore, /login) may be built by others: clicks assert on the URL only.

const FOOTER_TEXT = "© 2025 LearnPath. All rights reserved.";

/** Heading levels in document order, ignoring anything hidden from assistive technology. */
async function headingLevels(page: Page): Promise<number[]> {
  const headings = page.getByRole("heading");
  const count = await headings.count();
  const levels: number[] = [];
  for (let i = 0; i < count; i++) {
    levels.push(await headings.nth(i).evaluate((el) => Number(el.tagName.slice(1))));
  }
  return levels;
}

async function expectHeadingsInOrder(page: Page) {
  const levels = await headingLevels(page);
  expect(levels[0], "the first heading is the h1").toBe(1);
  expect(levels.filter((level) => level === 1), "exactly one h1").toHaveLength(1);
  for (let i = 1; i < levels.length; i++) {
    const previous = levels[i - 1] ?? 1;
    const current = levels[i] ?? 1;
    expect(current - previous, `heading ${i + 1} (h${current}) skips a level after h${previous}`).toBeLessThanOrEqual(1);
  }
}

function urlPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^[^?#]*://[^/]+${escaped}(?:[?#].*)?$`);
}

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("home: hero shows the headline and links to sign-up and explore", async ({ page }) => {
    await expect(page).toHaveTitle(/AI-Powered Learning Built Just for You/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("AI-Powered Learning Built Just for You");
    await expect(main.getByRole("link", { name: "Generate My First Course" })).toHaveAttribute("href", "/signup");
    await expect(main.getByRole("link", { name: "Explore Topics" })).toHaveAttribute("href", "/explore");
  });

  test("home: 'Explore Topics' opens the topic explorer", async ({ page }) => {
    await page.getByRole("main").getByRole("link", { name: "Explore Topics" }).click();
    await expect(page).toHaveURL(urlPath("/explore"));
  });

  test("home: 'Generate My First Course' opens sign-up", async ({ page }) => {
    await page.getByRole("main").getByRole("link", { name: "Generate My First Course" }).click();
    await expect(page).toHaveURL(urlPath("/signup"));
  });

  test("home: 'What You'll Get' lists its three benefits", async ({ page }) => {
    const section = page.getByRole("region", { name: "What You'll Get" });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("What You'll Get");
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Instant AI-Created Courses",
      "Learn At Your Own Pace",
      "Trackable Progress",
    ]);
  });

  test("home: 'Features' lists its three features", async ({ page }) => {
    const section = page.getByRole("region", { name: "Features" });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Features");
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Personalized Learning",
      "Smart Quizzes",
      "Track Progress",
    ]);
  });

  test("home: 'How It Works' shows four numbered steps in order", async ({ page }) => {
    const section = page.getByRole("region", { name: "How It Works" });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("How It Works");
    const steps = section.getByRole("list").getByRole("listitem");
    await expect(steps).toHaveCount(4);
    expect(await section.getByRole("list").evaluate((el) => el.tagName)).toBe("OL");
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Select Your Topics",
      "Learn with Personalized AI Content",
      "Take Quizzes",
      "Track Progress and Unlock the Next Level",
    ]);
  });

  test("home: closing call to action leads to sign-up", async ({ page }) => {
    const cta = page.getByRole("main").getByRole("link", { name: "Sign Up and Start Learning" });
    await expect(cta).toHaveAttribute("href", "/signup");
    await cta.click();
    await expect(page).toHaveURL(urlPath("/signup"));
  });

  test("home: has one h1 and headings never skip a level", async ({ page }) => {
    await expectHeadingsInOrder(page);
  });
});

test.describe("about page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/about");
  });

  test("about: shows the mission, vision and values cards", async ({ page }) => {
    await expect(page).toHaveTitle(/About/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("About LearnPath");
    for (const name of ["Our Mission", "Our Vision", "Our Values"]) {
      const card = main.getByRole("region", { name });
      await expect(card.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(card.getByText(/\w{3,}/).first()).toBeVisible();
    }
  });

  test("about: buttons link to explore and sign-up", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Explore Topics", exact: true })).toHaveAttribute("href", "/explore");
    await expect(main.getByRole("link", { name: "Sign Up", exact: true })).toHaveAttribute("href", "/signup");
    await main.getByRole("link", { name: "Explore Topics", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/explore"));
  });

  test("about: has one h1 and headings never skip a level", async ({ page }) => {
    await expectHeadingsInOrder(page);
  });
});

test.describe("public layout", () => {
  test("layout: header navigation links to Home, About, Login and Sign up", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "LearnPath" })).toHaveAttribute("href", "/");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "About", "Login", "Sign up"]);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/signup");
    await expect(header.getByRole("button", { name: /menu/i })).toBeHidden();
  });

  test("layout: the current page is marked in the navigation", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "About", exact: true })).not.toHaveAttribute("aria-current");

    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/about"));
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
  });

  test("layout: Login in the header opens the login page", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("layout: footer shows the copyright notice on every public page", async ({ page }) => {
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await expect(page.getByRole("contentinfo")).toHaveText(FOOTER_TEXT);
    }
  });

  test("layout: skip link is the first tab stop and targets the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  const toggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^(open|close) menu$/i });
  const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

  test("mobile: desktop links are hidden and the menu button shows instead", async ({ page }) => {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(toggle(page)).toBeVisible();
    await expect(toggle(page)).toHaveAccessibleName("Open menu");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav(page)).toBeHidden();
  });

  test("mobile: menu button opens a menu with Home, About, Login and Sign up", async ({ page }) => {
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(toggle(page)).toHaveAccessibleName("Close menu");
    const controls = await toggle(page).getAttribute("aria-controls");
    expect(controls).toBeTruthy();
    await expect(mobileNav(page)).toHaveAttribute("id", controls ?? "");

    const nav = mobileNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["Home", "About", "Login", "Sign up"]);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/signup");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");

    await toggle(page).click();
    await expect(mobileNav(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("mobile: Escape closes the menu and returns focus to the button", async ({ page }) => {
    await toggle(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await mobileNav(page).getByRole("link", { name: "About", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(mobileNav(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();
  });

  test("mobile: a link in the menu navigates and closes the menu", async ({ page }) => {
    await toggle(page).click();
    await mobileNav(page).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/about"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About LearnPath");
    await expect(mobileNav(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("mobile: the home page fits the screen without sideways scrolling", async ({ page }) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
