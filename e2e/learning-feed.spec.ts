import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { apiToken, enrolThroughApi, saveProgress } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { completeEnrolment } from "./fixtures/db";

// My Learning (/dashboard/learning-feed): Ongoing and Completed tabs from the learner's real enrolments.
// Every test registers its own learner.

const tabs = (page: Page) => page.getByRole("navigation", { name: "My Learning tabs" });
const tab = (page: Page, name: "Ongoing" | "Completed") => tabs(page).getByRole("link", { name, exact: true });
const panel = (page: Page, name: "Ongoing courses" | "Completed courses") => page.getByRole("region", { name, exact: true });
/** A course card's one link, on its title; the card itself is the list item holding it. */
const cardLink = (page: Page, title: string) => page.getByRole("main").getByRole("link", { name: title, exact: true });
const card = (page: Page, title: string) =>
  page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });

test("learner: a new learner sees both tabs empty; the tabs follow the URL and work from the keyboard", async ({ page }) => {
  await logInNewLearner(page, "feed-empty");
  await page.goto("/dashboard/learning-feed");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Learning");
  await expect(tab(page, "Ongoing")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Completed")).not.toHaveAttribute("aria-current", "page");
  await expect(panel(page, "Ongoing courses")).toContainText("You have no courses in progress.");

  // Keyboard only: from the Ongoing tab, Tab moves to Completed and Enter opens it.
  await tab(page, "Ongoing").focus();
  await page.keyboard.press("Tab");
  await expect(tab(page, "Completed")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/learning-feed\?tab=completed$/);
  await expect(tab(page, "Completed")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Ongoing")).not.toHaveAttribute("aria-current", "page");
  await expect(panel(page, "Completed courses")).toContainText("No courses completed yet.");

  // Back to Ongoing with a click; an unknown tab value shows Ongoing.
  await tab(page, "Ongoing").click();
  await expect(page).toHaveURL(/\/dashboard\/learning-feed$/);
  await expect(panel(page, "Ongoing courses")).toBeVisible();
  await page.goto("/dashboard/learning-feed?tab=nonsense");
  await expect(tab(page, "Ongoing")).toHaveAttribute("aria-current", "page");
});

test("learner: courses in progress are under Ongoing with their percent, finished ones under Completed; cards open the reader", async ({ page, request }) => {
  const { email, password } = await createLearner(request, "feed-courses");
  const python = await courseIdByTitle("Python Basics");
  const sql = await courseIdByTitle("SQL Essentials");
  const token = await apiToken(request, email, password);
  await enrolThroughApi(request, token, python);
  await enrolThroughApi(request, token, sql);
  // Python Basics: Next once (10 subsections: round(90 / 10) = 9 %). SQL Essentials: finished.
  await saveProgress(request, token, python, 9, 0, 1);
  await completeEnrolment(email, sql);

  await logInToDashboard(page, email, password);
  await page.goto("/dashboard/learning-feed");
  const ongoing = panel(page, "Ongoing courses");
  await expect(ongoing.getByRole("listitem")).toHaveCount(1);
  const pythonCard = card(page, "Python Basics");
  await expect(pythonCard).toContainText("9% completed");
  await expect(pythonCard.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "9");
  await expect(pythonCard).not.toContainText("Completed");
  await expect(card(page, "SQL Essentials")).toHaveCount(0);

  await tab(page, "Completed").click();
  await expect(page).toHaveURL(/\/dashboard\/learning-feed\?tab=completed$/);
  const completed = panel(page, "Completed courses");
  await expect(completed.getByRole("listitem")).toHaveCount(1);
  const sqlCard = card(page, "SQL Essentials");
  await expect(sqlCard).toContainText("Completed");
  await expect(sqlCard).toContainText("100% completed");
  await expect(sqlCard.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(card(page, "Python Basics")).toHaveCount(0);

  // A reload keeps the tab (it lives in the URL); a card opens the course reader.
  await page.reload();
  await expect(tab(page, "Completed")).toHaveAttribute("aria-current", "page");
  await cardLink(page, "SQL Essentials").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${sql}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SQL Essentials");

  await page.goto("/dashboard/learning-feed");
  await cardLink(page, "Python Basics").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${python}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python Basics");
});
