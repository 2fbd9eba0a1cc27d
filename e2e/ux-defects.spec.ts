import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { topicIconName } from "../components/ui/icons";
import { optionsAreCode } from "../components/ui/inline-code";
import { field, logInAsAdmin, logInNewLearner, uniqueEmail } from "./fixtures/accounts";
import { animationsSettled } from "./fixtures/animations";
import { apiToken, enrolThroughApi, quizQuestions, rightAnswers, saveProgress, submitQuiz } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { withE2eDb } from "./fixtures/db";
import { finishCourse } from "./fixtures/learner-state";
import { waitForCode } from "./fixtures/mail";

/*
 * Rough edges a new user met, each as the user would notice it fixed.
 */

const PHONE = { width: 390, height: 844 };
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);


test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("admin tables scroll inside their box, never the page; Edit and Delete are in reach", async ({ page }) => {
    await logInAsAdmin(page);
    for (const path of ["/admin", "/admin/users", "/admin/topics", "/admin/questions", "/admin/generation"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await noSidewaysScroll(page), `${path} has no sideways page scroll`).toBe(true);
    }
    await page.goto("/admin/users");
    const row = page.getByRole("table").getByRole("row").nth(1);
    await expect(row.getByRole("button", { name: /^Edit/ })).toBeInViewport();
    // E-mail addresses wrap only before "@" and ".", never mid-word.
    await expect(row.locator("td wbr").first()).toBeAttached();
    expect(await row.locator("td", { has: page.locator("wbr") }).first().evaluate((td) => getComputedStyle(td.firstElementChild!).wordBreak)).toBe("normal");
    // Screen-reader-only labels stay inside the table's scroll box.
    const box = await page.getByRole("table").locator("xpath=..").boundingBox();
    for (const label of await page.getByRole("table").locator(".sr-only").all()) {
      const at = await label.boundingBox();
      if (at) expect(at.x + at.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    }
  });

  test("'See more' keeps its arrow on its line, and a toast never covers the header", async ({ page }) => {
    await logInNewLearner(page, "phone-edges");
    await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
    const more = page.getByRole("link", { name: "See more of My Learning" });
    expect((await more.boundingBox())!.height).toBeLessThanOrEqual(44);

    // Saving the profile shows a toast: it sits below the header and its menu button.
    await page.goto("/dashboard/my-account");
    await field(page, "First Name").fill("Changed");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    await animationsSettled(page); // where it rests, not where it slides in from
    const header = await page.getByRole("banner").boundingBox();
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeInViewport();
  });
});

test("My Account opened directly: Cancel goes to the dashboard, not out of the app", async ({ page }) => {
  await logInNewLearner(page, "cancel");
  // A fresh tab: nothing of this app to go back to.
  const tab = await page.context().newPage();
  await tab.goto("/dashboard/my-account");
  await tab.getByRole("button", { name: "Cancel" }).click();
  await expect(tab).toHaveURL(/\/dashboard$/);
});

test("after a passed quiz the banner shows once: the address keeps only the course id", async ({ page }) => {
  const { email, password } = await logInNewLearner(page, "completed");
  const courseId = await courseIdByTitle("Python Basics");
  const token = await apiToken(page.request, email, password);
  await enrolThroughApi(page.request, token, courseId);
  await saveProgress(page.request, token, courseId, 9, 0, 1);
  await saveProgress(page.request, token, courseId, 18, 0, 2);
  const questions = await quizQuestions(page.request, token, courseId, 0);
  expect((await submitQuiz(page.request, token, courseId, 0, await rightAnswers(questions))).ok()).toBe(true);

  await page.goto(`/dashboard/detail-courses?courseId=${courseId}&completedSection=0`);
  await expect(page.getByText("You passed the quiz for")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${courseId}$`));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python Basics");
  await expect(page.getByText("You passed the quiz for")).toBeHidden();
});

test("favicon, app icons and the web manifest are served", async ({ request, page }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { name: string; icons: { src: string }[] };
  expect(body.name).toBe("LearnPath");
  for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(apple!)).status()).toBe(200);
});

test("/verify-code without a reset in progress goes to /forgot-password, which says why", async ({ page }) => {
  await page.goto("/verify-code");
  await expect(page).toHaveURL(/\/forgot-password\?reason=no-email$/);
  await expect(page.getByRole("status").filter({ hasText: "Enter your email first" })).toBeVisible();
});

test("a first visit is greeted 'Welcome', a returning learner 'Welcome back'", async ({ page }) => {
  const { email, password } = await logInNewLearner(page, "welcome");
  await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jo");
  await enrolThroughApi(page.request, await apiToken(page.request, email, password), await courseIdByTitle("Python Basics"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Jo");
});

test("topic descriptions render their markdown (no literal tags) and each topic keeps its own icon", async ({ page }) => {
  const title = `Markup topic ${Date.now()}`;
  const id = await withE2eDb(async (client) => {
    const { rows } = await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, $2) RETURNING id", [
      title,
      "Learn **bold ideas** with `code` and <b>no tags</b><script>alert(1)</script>.",
    ]);
    return rows[0]!.id;
  });
  await page.goto("/explore");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  await expect(card.locator("strong")).toHaveText("bold ideas");
  await expect(card.locator("code")).toHaveText("code");
  await expect(card).toContainText("no tags");
  await expect(card).not.toContainText("<b>");
  await expect(card.locator("script, b")).toHaveCount(0);
  const icon = card.getByTestId("topic-emoji").locator("svg");
  await expect(icon).toHaveAttribute("data-icon", topicIconName(id));

  // Another topic added before it in the list does not change its icon.
  await withE2eDb((client) => client.query("INSERT INTO topics (title, description) VALUES ($1, 'x')", [`AAA first ${Date.now()}`]));
  await page.reload();
  await expect(icon).toHaveAttribute("data-icon", topicIconName(id));
});

test("admin: questions show their code as code; no topic is both most and least attempted", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/questions");
  const codeInQuestions = page.getByRole("table").getByRole("rowheader").locator("code");
  await expect(codeInQuestions.first()).toBeVisible();
  await expect(page.getByRole("table")).not.toContainText("`");

  await page.goto("/admin");
  const list = (name: string) => page.getByRole("region", { name }).getByRole("listitem");
  const names = async (name: string) => (await list(name).allTextContents()).map((t) => t.replace(/^\d+\.\s*/, "").replace(/\d+ learners?$/, "").trim());
  const most = await names("Most attempted topics");
  const least = await names("Least attempted topics");
  expect(most.filter((t) => least.includes(t))).toEqual([]);
  for (const text of await list("Most attempted topics").allTextContents()) expect(text).not.toMatch(/\b0 learners$/);
});

test("a finished course's overview offers 'Review course', not 'Continue'", async ({ page }) => {
  const { email, password } = await logInNewLearner(page, "review");
  const courseId = await courseIdByTitle("Python Basics");
  await enrolThroughApi(page.request, await apiToken(page.request, email, password), courseId);
  await finishCourse(email, courseId);
  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  await expect(page.getByRole("link", { name: "Review course" })).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}&section=0&sub=0`);
  await expect(page.getByRole("link", { name: "Continue", exact: true })).toHaveCount(0);
});

test("a signed-in learner sees 'Dashboard' in the public header, not 'Login'", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
  await logInNewLearner(page, "public-header");
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("the quiz: a progress bar, a way back to the course, and code options in the code font", async ({ page }) => {
  const { email, password } = await logInNewLearner(page, "quiz-progress");
  const courseId = await courseIdByTitle("Python Basics");
  const token = await apiToken(page.request, email, password);
  await enrolThroughApi(page.request, token, courseId);
  await saveProgress(page.request, token, courseId, 9, 0, 1);
  await saveProgress(page.request, token, courseId, 18, 0, 2);
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);

  const bar = page.getByRole("progressbar", { name: "Quiz progress" });
  await expect(page.getByText(/^Quiz 1 of \d$/)).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  const total = Number((await page.getByText(/^Quiz 1 of \d$/).textContent())!.split(" of ")[1]);
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuenow", String(Math.round(((i - 1) / total) * 100)));
    // Options are shown wholly as code exactly when they are code (one token, or no words) under a question showing code.
    const question = (await page.locator("legend").innerText()).trim();
    const rawQuestion = await page.locator("legend").evaluate((el) => el.innerHTML.replace(/<code[^>]*>(.*?)<\/code>/g, "`$1`").replace(/<[^>]+>/g, ""));
    const options = await page.getByRole("radio").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    const codeOptions = page.getByRole("radiogroup").locator("label code");
    // Otherwise only an option's own `code` spans are code.
    const inlineSpans = options.reduce((n, o) => n + (o.match(/`[^`]+`/g)?.length ?? 0), 0);
    await expect(codeOptions, question).toHaveCount(optionsAreCode(rawQuestion, options) ? options.length : inlineSpans);
    if (i < total) await page.getByRole("button", { name: "Skip" }).click();
  }
  await page.getByRole("link", { name: "Back to course" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${courseId}$`));
});

test("after sign-up, signed out again, the login form has the new e-mail filled in", async ({ page }) => {
  const email = uniqueEmail("prefill");
  await page.goto("/signup");
  await field(page, "First Name").fill("Pia");
  await field(page, "Last Name").fill("Prefill");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill("prefill-password-1");
  await field(page, "Confirm Password").fill("prefill-password-1");
  const since = Date.now();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/sign-up-verify-code$/);
  await field(page, "Verification code").fill(await waitForCode(email, since));
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(field(page, "Email")).toHaveValue(email);
  await expect(field(page, "Password")).toHaveValue("");
});

test("the code screens say a failure once: in the form, not in a toast as well", async ({ page }) => {
  await page.goto("/verify-code?email=nobody-here%40e2e.learnpath.test");
  await field(page, "Verification code").fill("123456");
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  // A toast shown after it is the only one: no toast repeated the error (it would have come first).
  await page.getByRole("button", { name: "Resend Code" }).click();
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts.filter({ hasText: "A new verification code has been sent" })).toBeVisible();
  await expect(toasts).toHaveCount(1);
});
