import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInAsAdmin, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";
import { apiToken, bearer, saveProgress, submitQuiz } from "./fixtures/api";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * Runs under playwright.generation.config.ts (the worker and the fake model). The admin review
 * screen (docs/product-rules.md, "Review and editing", "Review and publication"): in a topic whose
 * courses wait for review, a course written by the fake model stays a draft no learner gets until
 * an admin approves a section, which asks first since it publishes the course; a learner part-way
 * through it reports its first lesson; an admin edits that lesson (preview, then saved, which
 * resolves the report as edited) and regenerates one quiz item with an instruction: pending, then
 * old and new side by side while the learner is still asked the old one, then accepted (the new
 * item in the old one's place, the old one under Retired); a regenerated lesson is kept old. The
 * learner keeps their progress, sees the report handled in My Account and meets the new item in
 * review, where their card moved.
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
  // Approving a section of a draft publishes the course: it asks first, and Cancel changes nothing.
  const approveFirst = adminPage.getByRole("button", { name: /^Approve section 1:/ });
  await approveFirst.click();
  const confirm = adminPage.getByRole("alertdialog", { name: "Approve section 1 and publish the course?" });
  await expect(confirm).toContainText("This makes the course visible to learners");
  await expectAccessible(adminPage, testInfo, "/admin/courses/{id}/review (approve and publish)");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(approveFirst).toBeFocused();
  await expect(adminPage.getByTestId("publication-state")).toHaveText("Draft: no learner gets this course yet.");
  await approveFirst.click();
  await confirm.getByRole("button", { name: "Approve and publish" }).click();
  await expect(adminPage.getByText("Section 1 approved: the course is published.")).toBeVisible();
  await expect(adminPage.getByTestId("publication-state")).toHaveText("Published: learners read its approved sections.");
  // Published, another section is approved at once: it publishes nothing more than itself.
  await adminPage.getByRole("button", { name: /^Approve section 2:/ }).click();
  await expect(adminPage.getByText("Section 2 approved: learners can read it.")).toBeVisible();
  await expect(adminPage.getByRole("alertdialog")).toHaveCount(0);
  await expect(adminPage.getByText("Approved: learners can read it")).toHaveCount(2);

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

  // One quiz item regenerated with an instruction. The topic's courses wait for review, so the new
  // item waits too: old and new side by side, the learner still asked the old one, until Accept.
  const item = adminPage.locator(`#question-${questionId}`);
  await expect(item).toContainText(question);
  const number = (await item.locator("span").first().textContent())!.trim();
  const instruction = item.getByRole("textbox", { name: "Instruction for a new version (optional)" });
  await expect(instruction).toHaveAttribute("placeholder", /^simpler, add an example about Reviewed topic \d+…$/);
  await instruction.fill("add a worked example");
  await item.getByRole("button", { name: "Regenerate question" }).click();
  await expect(item.getByTestId("regeneration-pending")).toContainText("Being written again (“add a worked example”)");
  const choice = item.getByTestId("revision-choice");
  await expect(choice).toContainText("A new version waits for your review", { timeout: 30_000 });
  await expect(choice.getByTestId("revision-old")).toContainText(question);
  const fresh = await withDb(
    async (client) => (await client.query<{ question: string }>("SELECT after->>'question' AS question FROM content_regenerations WHERE question_id = $1", [questionId])).rows[0]!.question,
  );
  await expect(choice.getByTestId("revision-new")).toContainText(fresh);
  await expect(item.getByRole("textbox", { name: "Instruction for a new version (optional)" })).toHaveCount(0);
  await expectAccessible(adminPage, testInfo, "/admin/courses/{id}/review (a revision waiting for review)");
  const learnerToken = await apiToken(page.request, learner.email, learner.password);
  const asked = async () => JSON.stringify(await (await page.request.get(`/section-quizzes?course_id=${courseId}&section_index=0`, { headers: bearer(learnerToken) })).json());
  expect(await asked()).not.toContain(fresh);
  await choice.getByRole("button", { name: /^Accept:/ }).click();
  await expect(adminPage.getByText("New version accepted: learners get it now.")).toBeVisible();
  // The new item takes the old one's number; the old one is listed apart, retired.
  const { id: freshId } = await withDb(
    async (client) => (await client.query<{ id: number }>("SELECT replacement_id AS id FROM content_regenerations WHERE question_id = $1", [questionId])).rows[0]!,
  );
  const freshItem = adminPage.getByTestId("review-questions").locator(`#question-${freshId}`);
  await expect(freshItem).toContainText(fresh);
  await expect(freshItem.locator("span").first()).toHaveText(number);
  await expect(freshItem.getByText("Retired", { exact: true })).toHaveCount(0);
  await expect(freshItem.getByText("History (1 change, version 1)")).toBeVisible();
  await expect(adminPage.getByTestId("review-questions").locator(`#question-${questionId}`)).toHaveCount(0);
  const retired = adminPage.getByTestId("retired-questions").first();
  await retired.getByText(/^Retired questions \(1\)/).click();
  await expect(retired.locator(`#question-${questionId}`).getByText("Retired", { exact: true })).toBeVisible();

  // A lesson regenerated, then the old one kept: the learner never reads the new text.
  const second = adminPage.getByTestId("review-lesson").filter({ has: adminPage.getByRole("heading", { name: "Lesson 2: Lesson 1.2" }) });
  const lessonText = async () =>
    withDb(async (client) => (await client.query<{ content: string }>("SELECT sub.content FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id WHERE s.course_id = $1 AND s.position = 0 AND sub.position = 1", [courseId])).rows[0]!.content);
  const before = await lessonText();
  await second.getByRole("button", { name: "Regenerate lesson" }).click();
  const lessonChoice = second.getByTestId("revision-choice");
  await expect(lessonChoice).toContainText("A new version waits for your review", { timeout: 30_000 });
  await expect(lessonChoice.getByTestId("revision-old")).toBeVisible();
  await expect(lessonChoice.getByTestId("revision-new")).toBeVisible();
  await lessonChoice.getByRole("button", { name: /^Keep the old one:/ }).click();
  await expect(adminPage.getByText("Old version kept: the new one was discarded.")).toBeVisible();
  await expect(second.getByTestId("revision-choice")).toHaveCount(0);
  expect(await lessonText()).toBe(before);
  await expect(second.getByRole("button", { name: "Regenerate lesson" })).toBeVisible();
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

/*
 * Fresh variants under review (docs/product-rules.md, "Fresh variants"): in a topic whose courses
 * wait for review, a learner's draw uses up a section's items and the worker writes variants (the
 * fake model's) that wait. The admin's queue counts them; the review screen lists them apart with
 * Approve and Reject, used by keyboard; the learner's next attempt asks the approved one only.
 */
test("admin: approve and reject the fresh quiz variants written under review, by keyboard; learners are asked only the approved one", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const { courseId, title } = await withDb(async (client) => {
    const topic = await client.query<{ id: number }>("INSERT INTO topics (title, description, generation_review) VALUES ($1, 'Courses wait for review.', 'required') RETURNING id", [`Variants topic ${stamp}`]);
    const title = `Variants ${stamp}`;
    const course = await client.query<{ id: number }>(
      "INSERT INTO courses (topic_id, title, description, level, generation_status, publication) VALUES ($1, $2, 'Approved already.', 'Beginner', 'done', 'published') RETURNING id",
      [topic.rows[0]!.id, title],
    );
    const id = course.rows[0]!.id;
    const section = await client.query<{ id: number }>("INSERT INTO course_sections (course_id, position, title, published_at) VALUES ($1, 0, 'Loops', now()) RETURNING id", [id]);
    await client.query("INSERT INTO course_subsections (section_id, position, title, content) VALUES ($1, 0, 'For loops', 'A for loop repeats its body once per item.')", [section.rows[0]!.id]);
    // Three concepts of one item each: the learner's first draw uses every one of them up.
    for (const [position, concept] of ["for loops", "ranges", "break"].entries()) {
      await client.query(
        `INSERT INTO quiz_questions (section_id, position, question, options, correct_answer, hint, concept, subsection_index, explanation)
         VALUES ($1, $2, $3, $4, $5, 'Think about what it does.', $6, 0, 'Because that is what it does.')`,
        [section.rows[0]!.id, position, `Which statement about ${concept} is true?`, [`True about ${concept}`, "False A", "False B", "False C"], `True about ${concept}`, concept],
      );
    }
    return { courseId: id, title };
  });
  const learner = await createLearner(request, "variants");
  const token = await apiToken(request, learner.email, learner.password);
  expect((await request.post("/enroll", { data: { course_id: courseId }, headers: bearer(token) })).status()).toBe(201);
  const asked = async () => (await (await request.get(`/section-quizzes?course_id=${courseId}&section_index=0`, { headers: bearer(token) })).json()) as { id: number; question: string }[];
  const first = await asked();
  expect(first).toHaveLength(3);
  const waiting = () =>
    withDb(async (client) => (await client.query<{ id: number; question: string }>(`SELECT q.id, q.question FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE s.course_id = $1 AND q.in_review_since IS NOT NULL ORDER BY q.position`, [courseId])).rows);
  const job = () =>
    withDb(async (client) => (await client.query<{ state: string }>("SELECT j.state::text AS state FROM pgboss.job j JOIN course_sections s ON s.id = (j.data->>'sectionId')::int WHERE j.name = 'write-question-variants' AND s.course_id = $1", [courseId])).rows.map((r) => r.state));
  await expect.poll(job, { timeout: 60_000, intervals: [500] }).toEqual(["completed"]);
  const variants = await waiting();
  expect(variants.length).toBeGreaterThanOrEqual(2);

  // The admin's queue counts them, with a way to the review page (nothing to publish).
  await logInAsAdmin(page);
  await page.goto("/admin/generation");
  const row = page.getByRole("table", { name: "Courses waiting for review" }).getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(`${variants.length} new questions to approve`);
  await row.getByRole("link", { name: `Review the new questions of ${title}` }).click();
  await expect(page).toHaveURL(`/admin/courses/${courseId}/review`);

  const list = page.getByTestId("waiting-questions");
  await expect(list.getByRole("heading", { name: `New questions waiting for your review (${variants.length})` })).toBeVisible();
  await expect(list.getByTestId("waiting-question")).toHaveCount(variants.length);
  await expect(list.locator(`#question-${variants[0]!.id}`)).toContainText("Waiting for review");
  await expectAccessible(page, testInfo, "/admin/courses/{id}/review (fresh variants waiting for review)");

  // Approved by keyboard: it joins the numbered pool after the three items.
  const approve = page.getByRole("button", { name: `Approve question: ${variants[0]!.question}` });
  await approve.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Question approved: learners can be asked it now.")).toBeVisible();
  const inUse = page.getByTestId("review-questions").locator(`#question-${variants[0]!.id}`);
  await expect(inUse.locator("span").first()).toHaveText("4.");
  await expect(inUse.getByText("Waiting for review")).toHaveCount(0);

  // Rejected by keyboard: it asks first (Escape cancels, Cancel has the focus), then retires it.
  const reject = page.getByRole("button", { name: `Reject question: ${variants[1]!.question}` });
  await reject.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Reject this question?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(reject).toBeFocused();
  await page.keyboard.press("Enter");
  await confirm.getByRole("button", { name: "Reject question" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Question rejected: no learner will be asked it.")).toBeVisible();
  const retired = page.getByTestId("retired-questions");
  await retired.getByText(/^Retired questions \(1\)/).click();
  await expect(retired.locator(`#question-${variants[1]!.id}`)).toContainText("Retired");
  await expect(page.getByTestId("waiting-question")).toHaveCount(variants.length - 2);

  // The learner's next attempt asks the approved variant, never the rejected one nor those still waiting.
  expect((await submitQuiz(request, token, courseId, 0, first.map((q) => ({ question_id: q.id, answer: null })))).status()).toBe(200);
  const next = (await asked()).map((q) => q.id);
  expect(next).toContain(variants[0]!.id);
  for (const v of variants.slice(1)) expect(next).not.toContain(v.id);
});
