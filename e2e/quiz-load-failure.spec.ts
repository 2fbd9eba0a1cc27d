import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { courseIdByTitle } from "./fixtures/database";

// A quiz that cannot be loaded shows a clear error with Retry, never stand-in sample questions.
// That a pass can only come from the section's own questions is lib/practice/learning/learning-api.test.ts's.

test("learner: a quiz for a section that does not exist shows the error with Retry and no questions", async ({ page }) => {
  const courseId = await courseIdByTitle("Python Basics");
  await logInNewLearner(page, "quiz-missing", courseId);

  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=99`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quiz not found.");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This course has no such section.");
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Course" })).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}`);
  await expect(page.getByRole("radiogroup")).toHaveCount(0);
  await expect(page.getByText(/Quiz \d+ of \d+/)).toHaveCount(0);

  // Retry loads again and still shows the error, not a fallback quiz.
  await retry.click();
  await expect(retry).toBeEnabled();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This course has no such section.");
  await expect(page.getByRole("radiogroup")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
});
