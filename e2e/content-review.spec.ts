import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInAsAdmin, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";
import { apiToken, bearer, saveProgress } from "./fixtures/api";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * Runs under playwright.generation.config.ts (the worker and the fake model). The admin review
 * screen (docs/product-rules.md, "Review and editing", "Review and publication"): in a topic whose
 * courses wait for review, a course written by the fake model stays a draft no learner gets until
 * an admin publishes it from the screen; a learner part-way through it reports its first lesson; an admin edits that lesson (preview, then
 * saved, which resolves the report as edited) and regenerates one quiz item with an instruction
 * (pending, then the new item); the learner keeps their progress, sees the report handled in My
 * Account and meets the new item in review, where their card moved.
 */

test("admin: edit a lesson and regenerate a question on the review screen; the learner keeps their progress and sees both", async ({ page, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, E2E_ADMIN.email, E2E_ADMIN.password);
  // A topic whose courses wait for an admin; its course as the pipeline creates it there: a draft.
  const courseId = await withDb(async (client) => {
    const topic = await client.query<{ id: number }>("INSERT INTO topics (title, description, generation_review) VALUES ($1, 'Courses wait for review.', 'required') RETURNING id", [
      `Reviewed topic ${Date.now()}`,
    ]);
    const course = await client.query<{ id: number }>(
      "INSERT INTO courses (topic_id, title, description, level, generation_status, publication) VALUES ($1, $2, 'Reviewed before learners read on.', 'Beginner', 'failed', 'draft') RETURNING id",
      [topic.rows[0]!.id, `Reviewed ${Date.now()}`],
    );
    return course.rows[0]!.id;
  });
  expect((await request.post(`/courses/${courseId}/generation/retry`, { headers: bearer(admin) })).status()).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`/courses/${courseId}/generation`, { headers: bearer(admin) })).json()).generation_status, { timeout: 60_000, intervals: [500] })
    .toBe("done");

  // Written, it is still a draft: no learner gets it, until the admin publishes it on the review screen.
  const outsider = await createLearner(request, "outsider");
  expect((await request.get(`/courses/${courseId}`, { headers: bearer(await apiToken(request, outsider.email, outsider.password)) })).status()).toBe(404);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logInAsAdmin(adminPage);
  await adminPage.goto(`/admin/courses/${courseId}/review`);
  await expect(adminPage.getByTestId("publication-state")).toHaveText("Draft: no learner gets this course yet.");
  await adminPage.getByRole("button", { name: "Publish course" }).click();
  await expect(adminPage.getByText("Course published.")).toBeVisible();
  await expect(adminPage.getByTestId("publication-state")).toHaveText("Published: learners read its approved sections.");
  await expect(adminPage.getByText("Approved: learners can read it")).toHaveCount(4);

  // A learner enrolled before any change: two lessons read, and a review card on section 1's first item.
  const learner = await logInNewLearner(page, "reviewed", courseId);
  await saveProgress(page.request, await apiToken(page.request, learner.email, learner.password), courseId, 8, 0, 1);
  const { questionId, question } = await withDb(async (client) => {
    const { rows } = await client.query<{ id: number; question: string; user_id: number }>(
      `SELECT q.id, q.question, u.id AS user_id FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id, users u
        WHERE s.course_id = $1 AND s.position = 0 AND u.email = $2 ORDER BY q.position LIMIT 1`,
      [courseId, learner.email],
    );
    const row = rows[0]!;
    await client.query("INSERT INTO quiz_reveals (user_id, question_id, revealed_at) VALUES ($1, $2, now())", [row.user_id, row.id]);
    await client.query(
      `INSERT INTO review_cards (user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, first_correct)
       VALUES ($1, $2, now() - interval '1 minute', 0.4, 6, 0, 0, 0, 1, 1, 1, now() - interval '1 day', false)`,
      [row.user_id, row.id],
    );
    return { questionId: row.id, question: row.question };
  });
  const progressBefore = await withDb(async (client) => (await client.query("SELECT progress, furthest_unit FROM enrollments e JOIN users u ON u.id = e.user_id WHERE u.email = $1", [learner.email])).rows[0]);

  // The learner reports the first lesson.
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}&section=0&sub=0`);
  await page.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem" });
  await dialog.getByRole("radio", { name: "Unclear" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toBeHidden();

  // The admin reviews: the report beside the lesson, the lesson edited with a preview, then saved.
  await adminPage.goto(`/admin/courses/${courseId}/review`);
  const lesson = adminPage.getByTestId("review-lesson").filter({ has: adminPage.getByRole("heading", { name: "Lesson 1: Lesson 1.1" }) });
  await expect(lesson.getByRole("complementary", { name: "Open flags and reports" })).toContainText("Learner report: Unclear");
  await expectAccessible(adminPage, testInfo, "/admin/courses/{id}/review");
  await lesson.getByRole("button", { name: "Edit lesson: Lesson 1.1" }).click();
  await lesson.getByRole("textbox", { name: "Markdown of “Lesson 1.1”" }).fill("Reviewed by an admin: **clearer** now.\n\n```python\nprint('clearer')\n```");
  await expect(lesson.getByTestId("lesson-preview").locator("strong")).toHaveText("clearer");
  await lesson.getByRole("button", { name: "Save lesson" }).click();
  await expect(lesson.locator(".prose")).toContainText("Reviewed by an admin: clearer now.");
  await expect(lesson.getByText("History (1 change, version 1)")).toBeVisible();
  await expect(lesson.getByRole("complementary", { name: "Open flags and reports" })).toHaveCount(0);

  // One quiz item regenerated with an instruction: pending, then the new item, the old one retired.
  const item = adminPage.locator(`#question-${questionId}`);
  await expect(item).toContainText(question);
  await item.getByRole("textbox", { name: "Instruction for a new version (optional)" }).fill("add a Python example");
  await item.getByRole("button", { name: "Regenerate question" }).click();
  await expect(item.getByTestId("regeneration-pending")).toContainText("Being written again (“add a Python example”)");
  await expect(item.getByText("Retired", { exact: true })).toBeVisible({ timeout: 30_000 });
  const { id: freshId, question: fresh } = await withDb(
    async (client) => (await client.query<{ id: number; question: string }>("SELECT q.id, q.question FROM content_regenerations r JOIN quiz_questions q ON q.id = r.replacement_id WHERE r.question_id = $1", [questionId])).rows[0]!,
  );
  const freshItem = adminPage.locator(`#question-${freshId}`);
  await expect(freshItem).toContainText(fresh);
  await expect(freshItem.getByText("Retired", { exact: true })).toHaveCount(0);
  await expect(freshItem.getByText("History (1 change, version 1)")).toBeVisible();
  await adminContext.close();

  // The learner kept their progress, sees the report handled, and meets the new item in review.
  expect(await withDb(async (client) => (await client.query("SELECT progress, furthest_unit FROM enrollments e JOIN users u ON u.id = e.user_id WHERE u.email = $1", [learner.email])).rows[0])).toEqual(progressBefore);
  await page.goto("/dashboard/my-account");
  await expect(page.getByTestId("my-reports")).toContainText("Lesson: Lesson 1.1");
  await expect(page.getByTestId("my-reports")).toContainText("Fixed: an admin edited it");
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}&section=0&sub=0`);
  await expect(page.getByRole("article")).toContainText("Reviewed by an admin: clearer now.");
  await page.goto("/dashboard/review");
  await expect(page.getByText(fresh)).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);
});
