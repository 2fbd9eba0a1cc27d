import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { sectionQuestions, type SeededQuestion } from "./fixtures/database";
import { answer, nextButton, percent, subsectionTitle } from "./fixtures/reader";

/*
 * The whole learner journey, as one new learner walks it: interests in the modal, a
 * recommended course enrolled from the dashboard, section 1 read, its quiz failed (the hint shows)
 * and passed on retry, section 2 opened, the course finished at exactly 100 % and listed under
 * Completed Courses. "Idiomatic Python" has 3 sections of 3 subsections: Next adds
 * round(90 / 9) = 10 %, a quiz pass round(100 / 12) = 8 % (6 Nexts + 3 passes = 84 %), and the
 * last pass ends the course at exactly 100 %.
 */

const COURSE = "Idiomatic Python: Functions, Iterators and Generators";
const READER_URL = /\/dashboard\/detail-courses\?courseId=(\d+)$/;

async function takeQuiz(page: Page, questions: SeededQuestion[], result: "fail" | "pass") {
  const total = Math.min(questions.length, 5);
  await expect(page.getByText(`Quiz 1 of ${total}`)).toBeVisible();
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    await answer(page, questions, result === "fail" && i === 1 ? "wrong" : "right");
  }
  await expect(page.getByRole("heading", { name: result === "pass" ? "Congratulations!" : "Try Again!" })).toBeVisible();
}

/** From the first subsection of a section: Next to its end, then the quiz, passed. Returns on the section's last subsection. */
async function readSectionAndPass(page: Page, courseId: number, sectionIndex: number, subsections: number) {
  for (let i = 1; i < subsections; i++) await nextButton(page).click();
  await expect(page.getByText("Ready to test your understanding of this section?")).toBeVisible();
  await page.getByRole("link", { name: "Attempt Quiz" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/quiz\\?courseId=${courseId}&sectionIndex=${sectionIndex}$`));
  await takeQuiz(page, await sectionQuestions(courseId, sectionIndex), "pass");
  await page.getByRole("link", { name: "Back to Course" }).click();
  await expect(page.getByText("You passed the quiz for")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`courseId=${courseId}$`));
}

test("a new learner picks interests, enrols in a recommendation, fails and passes a quiz, and finishes the course at 100%", async ({ page }) => {
  test.setTimeout(180_000);
  await logInNewLearner(page, "journey");

  // 1. The one-time interests modal: Submit waits for a topic.
  const modal = page.getByRole("dialog", { name: "Select Your Interests" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Submit" })).toBeDisabled();
  await modal.getByRole("button", { name: "Python Programming" }).click();
  await modal.getByRole("button", { name: "Submit" }).click();
  await expect(modal).toBeHidden();

  // 2. A recommended course from the chosen topic enrols and opens the reader.
  const recommended = page.getByRole("region", { name: "Recommended for You", exact: true });
  await recommended.getByRole("link", { name: COURSE, exact: true }).click();
  await expect(page).toHaveURL(READER_URL);
  const courseId = Number(READER_URL.exec(page.url())![1]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE);
  await expect(percent(page)).toHaveText("0%");

  // 3. Section 1: Next twice (10 % each), then the quiz is offered and Next Section waits.
  await nextButton(page).click();
  await expect(percent(page)).toHaveText("10%");
  await nextButton(page).click();
  await expect(percent(page)).toHaveText("20%");
  await expect(nextButton(page, "Next Section →")).toBeDisabled();
  await page.getByRole("link", { name: "Attempt Quiz" }).click();

  // 4. One wrong answer: Incorrect! with the hint, then Try Again!; the retry passes.
  const section1 = await sectionQuestions(courseId, 0);
  await takeQuiz(page, section1, "fail");
  await expect(page.getByText("You missed some questions.")).toBeVisible();
  await page.getByRole("button", { name: "Retry Quiz" }).click();
  await takeQuiz(page, section1, "pass");
  await page.getByRole("link", { name: "Back to Course" }).click();
  await expect(percent(page)).toHaveText("28%");

  // 5. Section 2 opens only now.
  await nextButton(page, "Next Section →").click();
  await expect(page).toHaveURL(/section=1/);
  // Opening the next section is not reading it: the percent moves on the next Next.
  await expect(percent(page)).toHaveText("28%");
  await expect(subsectionTitle(page)).toHaveText("List, Dict and Set Comprehensions");
  await readSectionAndPass(page, courseId, 1, 3);
  await expect(percent(page)).toHaveText("56%");

  // 6. Section 3, the last: its quiz pass ends the course at exactly 100 %.
  await nextButton(page, "Next Section →").click();
  await readSectionAndPass(page, courseId, 2, 3);
  await expect(percent(page)).toHaveText("100%");
  await expect(nextButton(page, "Next Section →")).toBeDisabled(); // there is no fourth section

  // 7. Completed Courses lists it at 100 %; My Learning shows it finished too.
  await page.goto("/dashboard/completed-courses");
  await expect(page.getByRole("heading", { level: 1, name: "Your Completed Courses" })).toBeVisible();
  // A card is the list item holding the link on the course title.
  const card = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("link", { name: COURSE, exact: true }) });
  await expect(card).toContainText("Completed");
  await expect(card).toContainText("100% completed");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await page.goto("/dashboard/my-courses");
  await expect(card).toContainText("100% completed");
});
