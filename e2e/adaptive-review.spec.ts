import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard } from "./fixtures/accounts";
import { apiToken, bearer } from "./fixtures/api";
import { courseIdByTitle, sectionQuestions, shown, type SeededQuestion } from "./fixtures/database";
import { expectAccessible } from "./fixtures/axe";
import { withE2eDb } from "./fixtures/db";
import { answer, nextButton, subsectionTitle } from "./fixtures/reader";
import { moveLearnerClock } from "./fixtures/test-clock";

/*
 * The adaptive review journey, as a new learner: read section 1 of Python Basics and fail its quiz; the
 * result screen explains the miss with the right answer and a link to its lesson; the dashboard
 * offers "1 to review"; the review answered right moves the concept from Struggling to Learning
 * on /dashboard/progress; with the learner's review clock a day forward, the card is due again.
 */

const COURSE = "Python Basics";
const DAY = 24 * 60 * 60 * 1000;

type Remedy = { concept: string; explanation: string; lesson: string; subsection: number };

async function remedyOf(questionId: number): Promise<Remedy> {
  return withE2eDb(async (client) => {
    const { rows } = await client.query(
      `SELECT q.concept, q.explanation, ss.title AS lesson, q.subsection_index AS subsection
         FROM quiz_questions q JOIN course_subsections ss ON ss.section_id = q.section_id AND ss.position = q.subsection_index
        WHERE q.id = $1`,
      [questionId],
    );
    return rows[0] as Remedy;
  });
}

const conceptGroup = (page: Page, level: string) => page.getByRole("list", { name: new RegExp(`^${level} \\(`) });

test("a missed question is explained with its lesson, reviewed right, moves mastery, and comes back due a day later", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { email, password } = await createLearner(request, "adaptive");
  const token = await apiToken(request, email, password);
  const me = (await (await request.get("/users/me", { headers: bearer(token) })).json()) as { id: number };
  const courseId = await courseIdByTitle(COURSE);
  const questions = await sectionQuestions(courseId, 0);
  await logInToDashboard(page, email, password);
  await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByTestId("review-due")).toHaveText("Nothing to review yet: questions you answer in quizzes come back here.");

  // 1. Enrol, read section 1 to its end, take its quiz and miss the first question.
  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  await page.getByRole("button", { name: "Enrol and start" }).click();
  await expect(subsectionTitle(page)).toBeVisible();
  const subsections = await withE2eDb(async (c) => (await c.query("SELECT count(*)::int AS n FROM course_subsections ss JOIN course_sections s ON s.id = ss.section_id WHERE s.course_id = $1 AND s.position = 0", [courseId])).rows[0].n as number);
  for (let i = 1; i < subsections; i++) await nextButton(page).click();
  await page.getByRole("link", { name: "Attempt Quiz" }).click();
  const total = Math.min(questions.length, 5);
  let missed: SeededQuestion | undefined;
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    const asked = await answer(page, questions, i === 1 ? "wrong" : "right");
    if (i === 1) missed = asked;
  }
  await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();

  // 2. The result screen explains the miss: the right answer, why, and its lesson.
  const remedy = await remedyOf(missed!.id);
  const item = page.getByTestId("missed-question");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(shown(missed!.question));
  await expect(item).toContainText(`Right answer: ${shown(missed!.correctAnswer)}`);
  await expect(item).toContainText(remedy.explanation);
  const lessonLink = item.getByRole("link", { name: `Read the lesson: ${remedy.lesson}` });
  await expect(lessonLink).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}&section=0&sub=${remedy.subsection}`);
  await expectAccessible(page, testInfo, "quiz result with remediation");
  await lessonLink.click();
  await expect(subsectionTitle(page)).toHaveText(remedy.lesson);

  // 3. Its concept is struggling: on the course overview's section 1, and on /dashboard/progress.
  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  const sectionMastery = page.getByTestId("section-mastery");
  await expect(sectionMastery.first()).toHaveText(/^Mastery \d+% · 0 of \d+ concepts mastered · 1 struggling$/);
  await expect(sectionMastery.nth(1)).toHaveText(/^\d+ concepts, none tried yet$/);
  await page.goto("/dashboard/progress");
  await expect(conceptGroup(page, "Struggling")).toContainText(remedy.concept);
  await expectAccessible(page, testInfo, "progress");

  // 4. The dashboard offers the review; the review asks it like the quiz and explains it.
  await page.goto("/dashboard");
  await expect(page.getByTestId("review-due")).toHaveText("1 to review");
  const weakest = page.getByRole("region", { name: "Needs another look" });
  await expect(weakest.getByRole("listitem").first()).toContainText(remedy.concept);
  await expect(weakest.getByRole("listitem").first()).toContainText("Struggling");
  await expectAccessible(page, testInfo, "dashboard with review and weakest concepts");
  await page.getByRole("link", { name: "Start review" }).click();
  await expect(page.getByText("Review 1 of 1")).toBeVisible();
  await expectAccessible(page, testInfo, "review question");
  await expect(page.locator("legend")).toHaveText(shown(missed!.question));
  const submit = page.getByRole("button", { name: "Submit" });
  await expect(submit).toBeDisabled();
  await page.getByRole("radiogroup").getByRole("radio", { name: shown(missed!.correctAnswer), exact: true }).check();
  await submit.click();
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("heading", { name: "Correct!" })).toBeVisible();
  await expect(modal).toContainText(`Right answer: ${shown(missed!.correctAnswer)}`);
  await expect(modal).toContainText(remedy.explanation);
  await expect(modal.getByRole("link", { name: `Read the lesson: ${remedy.lesson}` })).toBeVisible();
  await expect(modal).toContainText("Next review of this question: in 1 day.");
  await expectAccessible(page, testInfo, "review answer");
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Review complete" })).toBeVisible();
  await expect(page.getByText("You answered 1 of 1 right.")).toBeVisible();

  // 5. Mastery moved: the concept is no longer struggling.
  await page.getByRole("link", { name: "See your progress" }).click();
  await expect(page).toHaveURL(/\/dashboard\/progress$/);
  await expect(conceptGroup(page, "Learning")).toContainText(remedy.concept);
  await expect(conceptGroup(page, "Struggling")).toHaveCount(0);

  // 6. Nothing is due now; a day later (this learner's clock only) the card is due again.
  await page.goto("/dashboard");
  await expect(page.getByTestId("review-due")).toHaveText("Nothing to review now. Your next review is due in 1 day.");
  moveLearnerClock(me.id, DAY);
  await page.reload();
  await expect(page.getByTestId("review-due")).toHaveText("1 to review");
  await page.getByRole("link", { name: "Start review" }).click();
  await expect(page.locator("legend")).toHaveText(shown(missed!.question));
});
