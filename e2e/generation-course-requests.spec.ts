import { expect, test } from "./fixtures/browser-test";
import { expectAccessible } from "./fixtures/axe";
import { askForCourse as ask, newLearnerOnDashboard, uniqueSubject } from "./fixtures/course-requests";
import { modelRule, removeModelRule } from "./fixtures/model-rules";
import { subsectionTitle } from "./fixtures/reader";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model, on a phone.
 * A learner's course requests (docs/product-rules.md, "Course requests"): each request is its own
 * card, followed to Ready; a second one written while the first stays Ready on its own card; a
 * third while one is being written refused with when to come back; both courses in My Learning; a
 * plan the model fails resumed to Ready with the day's count unchanged; a subject typed in free
 * text written and opened.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const WRITING = 90_000;

test("phone: a request followed to Ready, a second on its own card, a third refused while one is written, both in My Learning", async ({ page }, testInfo) => {
  test.setTimeout(4 * WRITING);
  const region = await newLearnerOnDashboard(page, "requests");
  // Near the top of the dashboard: in view after the next step, without scrolling past the course rows.
  await expect(region.getByText("3 of 3 requests left today.")).toBeVisible();

  const first = await ask(region, uniqueSubject("Sourdough baking"));
  await expect(first).toContainText(/Planning|Being written/);
  await expect(first.getByText("Your course is written.")).toBeVisible({ timeout: WRITING });
  const firstTitle = (await first.getByRole("heading", { level: 3 }).textContent())!;
  await expect(first.getByRole("listitem")).toHaveCount(2);
  await expect(first.getByRole("listitem").filter({ hasText: "Ready" })).toHaveCount(2);

  const second = await ask(region, uniqueSubject("Chess openings"));
  await expect(second).toContainText(/Planning|Being written/);
  // The first card still follows its own request: its course, Ready.
  await expect(first.getByRole("heading", { level: 3 })).toHaveText(firstTitle);
  await expect(first.getByText("Your course is written.")).toBeVisible();

  // A third while the second is being written: refused, with when to come back; no card is added.
  await region.getByRole("combobox", { name: "What do you want to learn?" }).fill(uniqueSubject("Knitting"));
  await region.getByRole("button", { name: "Write me a course on this" }).click();
  await expect(region.getByRole("alert").filter({ hasText: /is still being written; it should be ready in about \d+ min\. You can ask for another once it is ready\./ })).toBeVisible();
  await expect(region.getByTestId("course-request")).toHaveCount(2);
  await expectAccessible(page, testInfo, "two course requests, one being written, a third refused");

  await expect(second.getByText("Your course is written.")).toBeVisible({ timeout: WRITING });
  const secondTitle = (await second.getByRole("heading", { level: 3 }).textContent())!;
  expect(secondTitle).not.toBe(firstTitle);
  await expect(region.getByText("1 of 3 requests left today.")).toBeVisible();

  // Both are the learner's own, in My Learning; neither among the recommendations.
  await page.reload();
  const myLearning = page.getByRole("region", { name: "My Learning" });
  await expect(myLearning.getByRole("link", { name: firstTitle })).toBeAttached();
  await expect(myLearning.getByRole("link", { name: secondTitle })).toBeAttached();
  await expect(page.getByRole("region", { name: "Recommended for You" }).getByText(firstTitle)).toHaveCount(0);
  // Unread, the newest is where the dashboard starts.
  await expect(page.getByRole("region", { name: "Start here" })).toContainText(secondTitle);
});

test("phone: a request whose plan the model fails says so, and Try again resumes it to Ready without using another of the day's requests", async ({ page }) => {
  test.setTimeout(3 * WRITING);
  const region = await newLearnerOnDashboard(page, "request-fails");
  const subject = uniqueSubject("Failing plan");
  const rule = `fail-${subject}`;
  await modelRule({ fault: "server-error", task: "topic_courses", match: subject, times: 1000, id: rule });

  const card = await ask(region, subject);
  await expect(card.getByText("Failed", { exact: true })).toBeVisible({ timeout: WRITING });
  await expect(card).toContainText("Writing stopped while planning your course: the model could not be reached. Try again to carry on from there; it does not use one of today's requests.");
  await expect(region.getByText("2 of 3 requests left today.")).toBeVisible();
  // On reload it is still there, still failed: nothing vanished.
  await page.reload();
  await expect(card.getByText("Failed", { exact: true })).toBeVisible();

  await removeModelRule(rule);
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(card).toContainText(/Planning|Being written/);
  await expect(card.getByText("Your course is written.")).toBeVisible({ timeout: WRITING });
  await page.reload();
  await expect(region.getByText("2 of 3 requests left today.")).toBeVisible();
  await expect(region.getByTestId("course-request")).toHaveCount(1);
});

test("phone: a free-text request, 'Beekeeping for beginners', short, written and opened", async ({ page }) => {
  test.setTimeout(2 * WRITING);
  const region = await newLearnerOnDashboard(page, "request-free-text");
  const card = await ask(region, "Beekeeping for beginners");
  await expect(card).toContainText("Beginner · Short");
  await expect(card.getByText("Your course is written.")).toBeVisible({ timeout: WRITING });
  await card.getByRole("button", { name: "Start your course" }).click();
  await expect(subsectionTitle(page)).toHaveText("Lesson 1.1");

  // Opened: the dashboard no longer shows its card, and the course is under way in My Learning.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Write me a course" }).getByTestId("course-request")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "My Learning" }).getByRole("link", { name: /Beekeeping for beginners/ })).toBeAttached();
});
