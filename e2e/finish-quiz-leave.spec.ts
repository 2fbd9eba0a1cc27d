import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { expectAccessible } from "./fixtures/axe";
import { courseIdByTitle, sectionQuestions } from "./fixtures/database";
import { answer } from "./fixtures/reader";

/*
 * A quiz interrupted, on a phone (docs/product-rules.md, "Practice"): the server holds the attempt,
 * so a refresh resumes it with the answers given; leaving with answers asks first, in the app (an
 * alert dialog, "Stay in the quiz" focused) and in the browser (its "Leave site?"); coming back
 * carries on, and the pass says what it earned.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("phone: a refresh mid-quiz resumes it; leaving with answers asks first; coming back finishes the same attempt", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const courseId = await courseIdByTitle("Python Basics");
  await logInNewLearner(page, "quiz-leave", courseId);
  const questions = await sectionQuestions(courseId, 0);
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  const total = Number((await page.getByText(/^Quiz 1 of \d+$/).textContent())!.split(" of ")[1]);

  // Nothing answered yet: Back to course just goes.
  const back = page.getByRole("link", { name: "Back to course" });
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${courseId}$`));
  await page.goBack();

  await answer(page, questions, "right");
  await answer(page, questions, "right");
  await expect(page.getByText(`Quiz 3 of ${total}`)).toBeVisible();

  // A refresh asks the browser's question, then resumes at the third question.
  const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.accept().then(() => resolve(dialog.type()))));
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await expect(page.getByText(`Quiz 3 of ${total}`)).toBeVisible();

  // Back to course asks first: Stay is focused, Escape stays, focus returns to the link.
  await back.click();
  const dialog = page.getByRole("alertdialog", { name: "Leave the quiz?" });
  await expect(dialog).toContainText(`You have answered 2 of ${total} questions. Your answers are kept`);
  await expect(dialog.getByRole("button", { name: "Stay in the quiz" })).toBeFocused();
  await expectAccessible(page, testInfo, "the leave-the-quiz dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(back).toBeFocused();
  await expect(page.getByText(`Quiz 3 of ${total}`)).toBeVisible();

  // Leaving for real, then coming back: the same attempt, where it was.
  await back.click();
  await dialog.getByRole("button", { name: "Leave the quiz" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${courseId}$`));
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  await expect(page.getByText(`Quiz 3 of ${total}`)).toBeVisible();
  for (let i = 3; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    await answer(page, questions, "right");
  }

  // Every answer counted: a pass, announced and focused, with what it earned; not the last section, so Back to Course leads.
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeFocused();
  await expect(page.getByText(`Score: ${total} of ${total}`)).toBeVisible();
  await expect(page.getByTestId("quiz-announcement")).toHaveText(`Congratulations! You passed the quiz: ${total} of ${total} right.`);
  await expect(page.getByRole("region", { name: "What this pass earned" })).toContainText(/Course progress: \d+%/);
  await expect(page.getByRole("link", { name: "Finish the course" })).toHaveCount(0);
  // The result is final: leaving asks nothing.
  await page.getByRole("link", { name: "Back to Course" }).click();
  await expect(page.getByText("You passed the quiz for")).toBeVisible();
});
