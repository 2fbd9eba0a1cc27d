import { expect, test } from "./fixtures/browser-test";
import { logInToDashboard } from "./fixtures/accounts";
import { E2E_LEARNER } from "./fixtures/settings";

/*
 * Sign-up within reach (docs/product-rules.md, Screens): the public header's Sign up, a visitor's
 * topic card and the home page's calls to action lead to /signup, whose card links to log-in; a
 * signed-in learner is sent on to their dashboard instead.
 */

const at = (path: string) => new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

test("visitor: Sign up in the public header opens sign-up, which offers log-in to those with an account", async ({ page }) => {
  await page.goto("/about");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(at("/signup"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await expect(nav.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("aria-current", "page");
  const main = page.getByRole("main");
  await expect(main).toContainText("Already have an account? Log in");
  await main.getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(at("/login"));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("visitor: the menu's Sign up opens sign-up", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL(at("/signup"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  });
});

test("visitor: a topic card on the explorer leads to sign-up", async ({ page }) => {
  await page.goto("/explore");
  const row = page.getByRole("region", { name: "Topics", exact: true });
  const card = row.getByRole("link", { name: "Python Programming", exact: true });
  await expect(card).toHaveAttribute("href", "/signup");
  await card.click();
  await expect(page).toHaveURL(at("/signup"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
});

test("visitor: the home page's calls to action lead to sign-up", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Generate My First Course" })).toHaveAttribute("href", "/signup");
  await expect(main.getByRole("link", { name: "Sign Up and Start Learning" })).toHaveAttribute("href", "/signup");
});

test("learner: the home page's buttons, the header and a topic card lead to the learner's own pages, never to sign-up", async ({ page, request }) => {
  await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign up", exact: true })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Continue Learning" })).toHaveAttribute("href", "/dashboard");
  // "Generate My First Course" is the request flow on the dashboard (e2e/request-course.spec.ts goes on from there).
  await main.getByRole("link", { name: "Generate My First Course" }).click();
  await expect(page).toHaveURL(at("/dashboard#write-a-course"));
  await expect(page.getByRole("heading", { name: "Create your account" })).toHaveCount(0);

  const topics = (await (await request.get("/topics")).json()) as { id: number; title: string }[];
  const python = topics.find((topic) => topic.title === "Python Programming")!;
  await page.goto("/explore");
  await expect(page.getByRole("region", { name: "Topics", exact: true }).getByRole("link", { name: "Python Programming", exact: true })).toHaveAttribute(
    "href",
    `/dashboard/topics/${python.id}`,
  );
});
