import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { courseIdByTitle, sectionQuestions, shown } from "./fixtures/database";
import { answer, nextButton, percent, subsectionTitle } from "./fixtures/reader";
import { E2E_LEARNER } from "./fixtures/settings";

// The course reader and the section quiz. Python Basics has sections of 3, 2, 2 and 3 subsections:
// Next adds round(90 / 10) = 9 %, a first quiz pass round(100 / 14) = 7 %. Every test that changes
// learner state uses a learner registered for it.

const COURSE = "Python Basics";
const S1 = ["Running Python and Your First Program", "Variables and Assignment", "Numbers, Strings and Booleans"];
const S2_FIRST = "Comparisons and if/elif/else";

let courseId: number;
test.beforeAll(async () => {
  courseId = await courseIdByTitle(COURSE);
});

const reader = (page: Page) => page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
const outline = (page: Page) => page.getByRole("navigation", { name: "Course content" });
async function newEnrolledLearner(page: Page) {
  await logInNewLearner(page, "reader");
  await reader(page);
  await page.getByRole("button", { name: "Enrol to start" }).click();
  await expect(subsectionTitle(page)).toHaveText(S1[0]!);
}

test.describe("reader without a course", () => {
  test.beforeEach(async ({ page }) => {
    await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
  });

  test("learner: the reader without a courseId says 'No course selected.'", async ({ page }) => {
    await page.goto("/dashboard/detail-courses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No course selected.");
    await page.goto("/dashboard/detail-courses?courseId=abc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No course selected.");
    await page.goto("/dashboard/detail-courses?courseId=999999");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course not found.");
  });

  test("learner: the quiz without courseId and sectionIndex goes to the dashboard", async ({ page }) => {
    await page.goto("/dashboard/quiz");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("reader and quiz", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("learner: an unenrolled course offers 'Enrol to start'; Next raises the percent and unlocks; code blocks copy", async ({ page }) => {
    await logInNewLearner(page, "reader");
    await reader(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE);
    await expect(page.getByRole("button", { name: `${S1[0]} (locked)` })).toBeDisabled();
    await page.getByRole("button", { name: "Enrol to start" }).click();

    // Enrolled: the first subsection is open and shown, the rest locked.
    await expect(subsectionTitle(page)).toHaveText(S1[0]!);
    await expect(percent(page)).toHaveText("0%");
    await expect(outline(page).getByRole("link", { name: S1[0], exact: true })).toHaveAttribute("aria-current", "page");
    const locked = outline(page).getByRole("button", { name: `${S1[1]} (locked)` });
    await expect(locked).toBeDisabled();
    await expect(locked).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

    // A highlighted code block with its language and a copy button that confirms for 1.5 s.
    const block = page.getByRole("figure").filter({ hasText: "python3 --version" });
    await expect(block.getByTestId("code-language")).toHaveText("bash");
    await expect(block.locator("pre.shiki span[style*='color']").first()).toBeVisible();
    await block.getByRole("button", { name: "Copy bash code" }).click();
    await expect(block.getByRole("status")).toHaveText("Copied!");
    await expect(block.getByRole("button")).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("python3 --version");
    await expect(block.getByRole("button")).toHaveText("Copy", { timeout: 3000 });

    // Content headings sit below the subsection title; the page keeps one h1.
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading", { level: 3, name: "Two ways to run Python" })).toBeVisible();

    // A failed save keeps the learner where they were and says why.
    await page.route("**/courses/update_progress", (route) => route.fulfill({ status: 503, json: { detail: "The service is temporarily unavailable." } }), { times: 1 });
    await nextButton(page).click();
    await expect(page.getByText("The service is temporarily unavailable.")).toBeVisible();
    await expect(subsectionTitle(page)).toHaveText(S1[0]!);
    await expect(percent(page)).toHaveText("0%");
    await expect(nextButton(page)).toBeEnabled();

    // Next opens the second subsection, raises progress by 9 and keeps it after a reload.
    await nextButton(page).click();
    await expect(subsectionTitle(page)).toHaveText(S1[1]!);
    await expect(percent(page)).toHaveText("9%");
    await expect(outline(page).getByRole("link", { name: S1[1], exact: true })).toBeVisible();
    await expect(outline(page).getByRole("button", { name: `${S1[2]} (locked)` })).toBeDisabled();
    await page.reload();
    await expect(percent(page)).toHaveText("9%");

    // Previous goes back without changing progress; a fresh visit resumes at the furthest subsection.
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(subsectionTitle(page)).toHaveText(S1[0]!);
    await expect(percent(page)).toHaveText("9%");
    await reader(page);
    await expect(subsectionTitle(page)).toHaveText(S1[1]!);

    // A locked subsection asked for in the URL is not shown.
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}&section=2&sub=0`);
    await expect(page.getByText("That part of the course is still locked")).toBeVisible();
    await expect(subsectionTitle(page)).toHaveText(S1[1]!);
  });

  test("learner: failing a quiz shows Incorrect! with the hint and Try Again!; passing opens the next section", async ({ page }) => {
    test.setTimeout(90_000);
    await newEnrolledLearner(page);
    await nextButton(page).click();
    await expect(subsectionTitle(page)).toHaveText(S1[1]!);
    await nextButton(page).click();
    await expect(subsectionTitle(page)).toHaveText(S1[2]!);
    await expect(percent(page)).toHaveText("18%");

    // The end of a section: the quiz is offered and Next Section waits for it.
    await expect(page.getByText("Ready to test your understanding of this section?")).toBeVisible();
    await expect(nextButton(page, "Next Section →")).toBeDisabled();
    const attempt = page.getByRole("link", { name: "Attempt Quiz" });
    await expect(attempt).toHaveAttribute("href", `/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    await attempt.click();

    const questions = await sectionQuestions(courseId, 0);
    const total = Math.min(questions.length, 5);
    await expect(page.getByText(`Quiz 1 of ${total}`)).toBeVisible();

    // First attempt: one wrong (hint shown), one skipped, the rest right.
    const wrong = await answer(page, questions, "wrong");
    await expect(page.getByText(`Quiz 2 of ${total}`)).toBeVisible();
    const skipped = await answer(page, questions, "skip");
    for (let i = 3; i <= total; i++) {
      await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
      await answer(page, questions, "right");
    }
    await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();
    await expect(page.getByText("You missed some questions.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Course" })).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}`);

    // Retry: a new attempt asks the missed concepts first, through items whose keys were not shown.
    await page.getByRole("button", { name: "Retry Quiz" }).click();
    await expect(page.getByText(`Quiz 1 of ${total}`)).toBeVisible();
    const missedConcepts = new Set([wrong.concept, skipped.concept]);
    const retryLegend = (await page.locator("legend").textContent())!.trim();
    const retryFirst = questions.find((q) => shown(q.question) === retryLegend)!;
    expect(missedConcepts.has(retryFirst.concept)).toBe(true);
    expect([wrong.id, skipped.id]).not.toContain(retryFirst.id);
    // Choosing with the keyboard: arrows move through the radio group.
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeEnabled();
    await answer(page, questions, "right", { chosen: true });
    for (let i = 2; i <= total; i++) await answer(page, questions, "right");
    await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
    await expect(page.getByText("You answered every question correctly!")).toBeVisible();

    // Back in the reader: the section shows its passed quiz and Next Section moves on.
    await page.getByRole("link", { name: "Back to Course" }).click();
    await expect(page.getByText("You passed the quiz for")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`courseId=${courseId}$`));
    await expect(subsectionTitle(page)).toHaveText(S1[2]!);
    await expect(percent(page)).toHaveText("25%");
    await expect(outline(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Variables and Types" }) })).toContainText("Quiz passed");
    await expect(page.getByText("Ready to test your understanding of this section?")).toBeHidden();
    const nextSection = page.getByRole("link", { name: "Next Section →" });
    await nextSection.click();
    await expect(subsectionTitle(page)).toHaveText(S2_FIRST);

    // Previous crosses back to the last subsection of the previous section.
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(subsectionTitle(page)).toHaveText(S1[2]!);
  });

  test("learner: a failed quiz marks its section for Review until it is passed", async ({ page }) => {
    await newEnrolledLearner(page);
    await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    const questions = await sectionQuestions(courseId, 0);
    const total = Math.min(questions.length, 5);
    for (let i = 1; i <= total; i++) await answer(page, questions, "skip");
    await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Course" }).click();
    await expect(outline(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Variables and Types" }) })).toContainText("Review");
  });
});
