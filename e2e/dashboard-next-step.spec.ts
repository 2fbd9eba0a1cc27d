import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInNewLearner, logInToDashboard } from "./fixtures/accounts";
import { apiToken, enrolThroughApi, saveProgress } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { finishCourse } from "./fixtures/learner-state";
import { subsectionTitle } from "./fixtures/reader";

/*
 * The dashboard's one next step, on a phone (docs/product-rules.md, "The dashboard's next step"):
 * a new learner is offered to Start the best recommended course, a learner with a course under way
 * to Continue it at the lesson the reader resumes at, both on the first screen; finished courses
 * are under Completed Courses, not My Learning. Python Basics has sections of 3, 2, 2 and 3 lessons.
 */

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true });

let python: number;
let sqlCourse: number;

test.beforeAll(async () => {
  python = await courseIdByTitle("Python Basics");
  sqlCourse = await courseIdByTitle("SQL Essentials");
});

const interestsDialog = (page: Page) => page.getByRole("dialog", { name: "Select Your Interests" });
const nextStep = (page: Page) => page.getByRole("region", { name: /^(Start here|Pick up where you left off|Find your next course)$/ });

/** Wholly on the first screen, before any scrolling. */
async function expectAboveTheFold(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await target.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test("a new learner sees 'Start <the best recommended course>' on the first screen; it enrols and opens the first lesson", async ({ page }) => {
  await logInNewLearner(page, "next-start");
  const dialog = interestsDialog(page);
  await dialog.getByRole("button", { name: "Python Programming" }).click();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog).toBeHidden();

  // With Python chosen, its Beginner course ranks first (lib/practice/recommendations).
  const start = nextStep(page).getByRole("button", { name: "Start Python Basics" });
  await expectAboveTheFold(page, start);
  // Nothing to continue yet, so no Continue; the empty widgets wait below the courses.
  await expect(page.getByRole("link", { name: /^Continue/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "My Learning", exact: true })).toContainText("You haven't enrolled in any courses yet.");

  await start.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${python}$`));
  await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");

  // Back on the dashboard the course is under way: Continue it, from its first lesson.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Continue Python Basics · Section 1" })).toBeVisible();
});

test("a learner who read into a course sees 'Continue <course>' on the first screen at the next lesson; a finished course leaves My Learning", async ({ page }) => {
  const { email, password } = await createLearner(page.request, "next-continue");
  const token = await apiToken(page.request, email, password);
  await enrolThroughApi(page.request, token, sqlCourse);
  await finishCourse(email, sqlCourse);
  await enrolThroughApi(page.request, token, python);
  // One Next: the second lesson of section 1 is open, and the reader resumes there.
  await saveProgress(page.request, token, python, 9, 0, 1);

  await logInToDashboard(page, email, password);
  await interestsDialog(page).getByRole("button", { name: "Skip" }).click();
  await expect(interestsDialog(page)).toBeHidden();

  const step = nextStep(page);
  const resume = step.getByRole("link", { name: "Continue Python Basics · Section 1" });
  await expectAboveTheFold(page, resume);
  await expect(step).toContainText("Section 1 of 4: Variables and Types");
  await expect(step).toContainText("Lesson: Variables and Assignment");
  await expect(step.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "9");
  // The minutes left are the reader's own count (docs/product-rules.md, "Durations").
  const left = (await step.getByText(/^\d+ min left in this course$/).textContent())!.replace(" in this course", "");

  // My Learning: the course under way, not the finished one (which Completed Courses lists).
  const myLearning = page.getByRole("region", { name: "My Learning", exact: true });
  await expect(myLearning.getByRole("link", { name: "Python Basics", exact: true })).toBeVisible();
  await expect(myLearning.getByRole("link", { name: "SQL Essentials", exact: true })).toHaveCount(0);

  await resume.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${python}&section=0&sub=1$`));
  await expect(subsectionTitle(page)).toHaveText("Variables and Assignment");
  await expect(page.getByTestId("time-left").first()).toHaveText(left);

  await page.goto("/dashboard/completed-courses");
  await expect(page.getByRole("main").getByRole("link", { name: "SQL Essentials", exact: true })).toBeVisible();
});
