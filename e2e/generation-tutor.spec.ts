import { devices } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { courseIdByTitle, openAttempt } from "./fixtures/database";
import { modelRule } from "./fixtures/model-rules";

/*
 * The lesson tutor on a phone, against the fake model (docs/tutor.md): open a lesson, ask, watch
 * the reply stream in; stop a reply; during an open quiz, ask for question 2's answer while the
 * model tries to state it: a hint arrives, never the key. A reply the model fails offers Retry, and
 * costs none of the day's questions.
 */

test.use({ viewport: devices["iPhone 13"].viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

test("phone: ask the tutor, see the reply stream in, stop one, and get a hint instead of a quiz answer", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const courseId = await courseIdByTitle("Python Basics");
  const learner = await logInNewLearner(page, "tutor", courseId);

  // An open quiz: its attempt is drawn when the learner opens it.
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  await expect(page.getByText("Quiz 1 of 5")).toBeVisible();
  const attempt = await openAttempt(learner.email, courseId, 0);
  const key = attempt[1]!.correctAnswer;

  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  const launcher = page.getByRole("button", { name: "Ask about this lesson" });
  await launcher.click();
  const tutor = page.getByRole("dialog", { name: "Lesson tutor" });
  await expect(tutor).toBeVisible();

  // A suggested first question; the reply streams in (Stop while it does), then renders.
  await tutor.getByRole("button", { name: "Explain this more simply" }).click();
  await expect(tutor.getByRole("button", { name: "Stop" })).toBeVisible();
  const conversation = tutor.getByRole("list", { name: /^Conversation: / });
  await expect(conversation.getByText("Your turn:", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(tutor.getByRole("button", { name: "Stop" })).toBeHidden();
  // Screen readers hear the finished reply once, not every token.
  await expect(tutor.getByRole("status").filter({ hasText: "The tutor replied" })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("tutor-reply-phone.png") });

  // A reply that stalls: the learner stops it; what arrived stays, marked as stopped.
  await modelRule({ task: "tutor", fault: "stall", match: "Hold on to this one" });
  const box = tutor.getByRole("textbox", { name: "Ask the tutor" });
  await box.fill("Hold on to this one: what is a variable?");
  await tutor.getByRole("button", { name: "Send" }).click();
  await expect(conversation.getByText(/You asked: "Hold on/)).toBeVisible({ timeout: 20_000 });
  await tutor.getByRole("button", { name: "Stop" }).click();
  await expect(conversation.getByText("Reply stopped.")).toBeVisible();

  // The model tries to state question 2's answer: the learner gets a hint, and never the key.
  await modelRule({ task: "tutor", fault: "leak-answer", match: "answer to question 2", say: `The answer to question 2 is ${key}.` });
  await box.fill("Give me the answer to question 2 of my quiz");
  await tutor.getByRole("button", { name: "Send" }).click();
  await expect(conversation.getByText(/That is question 2 of your quiz, so I will not give its answer/)).toBeVisible({ timeout: 20_000 });
  await expect(tutor.getByRole("button", { name: "Stop" })).toBeHidden();
  await expect(tutor).not.toContainText(`question 2 is ${key}`);
  await page.screenshot({ path: testInfo.outputPath("tutor-hint-phone.png") });

  // Esc closes the sheet and gives focus back to the launcher.
  await page.keyboard.press("Escape");
  await expect(tutor).toBeHidden();
  await expect(launcher).toBeFocused();
});

test("phone: a reply the model fails offers Retry, which asks again, and costs none of the day's questions", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const courseId = await courseIdByTitle("Python Basics");
  await logInNewLearner(page, "tutor-retry", courseId);
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await page.getByRole("button", { name: "Ask about this lesson" }).click();
  const tutor = page.getByRole("dialog", { name: "Lesson tutor" });
  const left = tutor.getByText(/questions? left today/);
  await expect(left).toBeVisible();
  const before = await left.textContent();

  // The model server answers 500 to the call and to its one retry.
  await modelRule({ task: "tutor", fault: "server-error", match: "Will this one work", times: 2 });
  const box = tutor.getByRole("textbox", { name: "Ask the tutor" });
  await box.fill("Will this one work? What is a loop?");
  await tutor.getByRole("button", { name: "Send" }).click();
  const conversation = tutor.getByRole("list", { name: /^Conversation: / });
  await expect(conversation.getByText("The tutor could not answer just now. Please try again.")).toBeVisible({ timeout: 20_000 });
  await expect(conversation.getByText("This did not count toward today’s questions.")).toBeVisible();
  await expect(left).toHaveText(before!);
  await page.screenshot({ path: testInfo.outputPath("tutor-failed-phone.png") });

  // Retry sends the same question again, without retyping it: this time the reply comes.
  await expect(box).toHaveValue("");
  await conversation.getByRole("button", { name: "Retry" }).click();
  await expect(conversation.getByText("Your turn:", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(conversation.getByText("Will this one work? What is a loop?", { exact: true })).toHaveCount(2);
  await expect(conversation.getByRole("button", { name: "Retry" })).toHaveCount(0);
});
