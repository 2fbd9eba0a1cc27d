import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInNewLearner } from "./fixtures/accounts";
import { apiToken, bearer, enrolThroughApi, submitQuiz } from "./fixtures/api";
import { courseIdByTitle, sectionQuestions } from "./fixtures/database";

// Issue 7 item 5: a quiz that cannot be loaded shows a clear error with Retry, never stand-in sample
// questions, and a pass can only come from the section's own questions.

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

test("quiz-complete refuses another section's questions and records no pass", async ({ request }) => {
  const { email, password } = await createLearner(request, "quiz-foreign");
  const courseId = await courseIdByTitle("Python Basics");
  const token = await apiToken(request, email, password);
  await enrolThroughApi(request, token, courseId);

  // Section 2's questions (still locked for this learner, so read from the database), all answered right, sent as section 1's quiz.
  const foreign = (await sectionQuestions(courseId, 1)).map((q) => ({ question_id: q.id, answer: q.correctAnswer }));
  const refused = await submitQuiz(request, token, courseId, 0, foreign);
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/is not part of this section's quiz/);

  // Nothing passed, no progress.
  const course = await request.get(`/courses/${courseId}`, { headers: bearer(token) });
  expect(course.ok()).toBe(true);
  const body = (await course.json()) as { course_progress: number; quiz_status: Record<string, boolean> };
  expect(body.quiz_status["0"]).toBe(false);
  expect(body.course_progress).toBe(0);

  // A section that does not exist: 404, nothing to pass.
  const missing = await submitQuiz(request, token, courseId, 99, foreign);
  expect(missing.status()).toBe(404);
});
