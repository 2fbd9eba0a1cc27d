import { devices } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { courseIdByTitle, sectionQuestions, shown, type SeededQuestion } from "./fixtures/database";
import { answer, feedbackPanel, moveOn, quizActions } from "./fixtures/reader";

/*
 * Practice that adapts, on a phone (docs/product-rules.md, "Practice"): a miss is marked in place
 * with the hint and a second try; once the item is final the pick and the right option are marked
 * with the explanation and the lesson; the retry asks items whose keys were not shown, and passes.
 */

test.use({ viewport: devices["iPhone 13"].viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

const legendOf = async (page: import("@playwright/test").Page, questions: SeededQuestion[]) => {
  const legend = (await page.locator("legend").textContent())!.trim();
  return questions.find((q) => shown(q.question) === legend)!;
};

test("phone: miss an item, see the pick and the right answer marked with why, retry with other items and pass", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const courseId = await courseIdByTitle("Python Basics");
  await logInNewLearner(page, "practice", courseId);
  const questions = await sectionQuestions(courseId, 0);
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  await expect(page.getByText("Quiz 1 of 5")).toBeVisible();

  // A first miss: Incorrect!, the hint, the pick marked wrong, the key kept back; the second try also wrong.
  const missed = await legendOf(page, questions);
  const [firstPick, secondPick] = missed.options.filter((o) => o !== missed.correctAnswer);
  const radios = page.getByRole("radiogroup");
  await radios.getByRole("radio", { name: shown(firstPick!), exact: true }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const panel = feedbackPanel(page);
  await expect(panel.getByRole("heading", { name: "Incorrect!" })).toBeFocused();
  await expect(panel).toContainText(`Hint: ${shown(missed.hint!)}`);
  await expect(radios.locator("label[data-mark=wrong]")).toContainText("Your answer, incorrect");
  await expect(panel).not.toContainText("Right answer");
  await radios.getByRole("radio", { name: shown(secondPick!), exact: true }).check();
  await quizActions(page).getByRole("button", { name: "Submit second try" }).click();

  // Final: both picks marked wrong, the right option marked right (icon and words), why, and the lesson.
  await expect(panel.getByRole("heading", { name: "Incorrect!" })).toBeVisible();
  await expect(radios.locator("label[data-mark=wrong]")).toHaveCount(2);
  await expect(radios.locator("label[data-mark=right]")).toContainText(shown(missed.correctAnswer));
  await expect(radios.locator("label[data-mark=right]")).toContainText("Right answer");
  await expect(panel).toContainText("Right answer:");
  await expect(panel.getByRole("link", { name: /^Read the lesson: / })).toBeVisible();
  // The panel sits below the question, never over it: the question stays in view above it.
  const question = await page.locator("legend").boundingBox();
  const box = await panel.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(question!.y + question!.height);
  await page.screenshot({ path: testInfo.outputPath("feedback-panel-phone.png"), fullPage: true });
  await moveOn(page).click();

  // The rest right first time: the attempt fails on the missed item.
  const firstAttempt = [missed.id];
  for (let i = 2; i <= 5; i++) {
    await expect(page.getByText(`Quiz ${i} of 5`)).toBeVisible();
    firstAttempt.push((await answer(page, questions, "right")).id);
  }
  await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();
  await expect(page.getByTestId("concepts-struggling")).toContainText(missed.concept!);
  await expect(page.getByTestId("concepts-struggling")).toContainText("Needs another look");
  await expect(page.getByTestId("missed-question")).toHaveCount(1);

  // The retry asks other items (whose keys were not shown), the missed concept first, and passes.
  await page.getByRole("button", { name: "Retry Quiz" }).click();
  await expect(page.getByText("Quiz 1 of 5")).toBeVisible();
  const retryFirst = await legendOf(page, questions);
  expect(retryFirst.concept).toBe(missed.concept);
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`Quiz ${i} of 5`)).toBeVisible();
    const asked = await answer(page, questions, "right");
    expect(firstAttempt).not.toContain(asked.id);
  }
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  // Answered right on an item not seen before: no longer "needs another look", still learning.
  await expect(page.getByTestId("concepts-learning")).toContainText(missed.concept!);
  await expect(page.getByTestId("concepts-struggling")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("quiz-passed-phone.png"), fullPage: true });
});
