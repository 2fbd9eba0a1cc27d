import { expect, test } from "./fixtures/browser-test";
import type { Client } from "pg";
import { createLearner, logInAsAdmin, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";

// Generation in the UI: the admin Generation page (no model configured in e2e: OPENAI_API_KEY is unset,
// so jobs wait), Retry of a failed course, its log, and the reader's live progress that turns into the
// course without a reload. Courses are inserted straight into the e2e database in the state each test needs.

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;


/** A throwaway topic with one course in the given generation state; returns the ids. */
async function insertTopicAndCourse(name: string, course: { status: "pending" | "running" | "failed"; error?: string }) {
  return withDb(async (client) => {
    const topic = await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'Inserted by admin-generation.spec.ts.') RETURNING id", [
      `${name} topic`,
    ]);
    const topicId = topic.rows[0]!.id;
    const row = await client.query<{ id: number }>(
      `INSERT INTO courses (topic_id, title, description, level, generation_status, generation_error, generation_attempt)
       VALUES ($1, $2, 'A course inserted by the e2e tests.', 'Beginner', $3, $4, 1) RETURNING id`,
      [topicId, `${name} course`, course.status, course.error ?? null],
    );
    return { topicId, courseId: row.rows[0]!.id };
  });
}

const courseStatus = (courseId: number) =>
  withDb(async (client) => (await client.query<{ s: string }>("SELECT generation_status AS s FROM courses WHERE id = $1", [courseId])).rows[0]!.s);

test.describe("admin", () => {
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test("admin generation: the sidebar leads to Generation, which says plainly that no model is configured", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Generation" }).click();
    await expect(page).toHaveURL(/\/admin\/generation$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Generation");
    await expect(page).toHaveTitle("Generation – Admin | LearnPath");
    await expect(nav.getByRole("link", { name: "Generation" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Questions" })).not.toHaveAttribute("aria-current");

    const main = page.getByRole("main");
    await expect(main.getByRole("status").filter({ hasText: "No model is configured" })).toContainText("set OPENAI_API_KEY");
    // Without a model nothing is being generated: the queue and the courses say they wait (docs/product-rules.md, Admin screens).
    await expect(main.getByRole("region", { name: "Queue" })).toContainText(/\d+ jobs? queued/);
    await expect(main.getByRole("heading", { level: 2, name: "Courses generating" })).toHaveCount(0);
    for (const heading of ["Queue", "Courses waiting for a model", "Failed courses", "Failed topics", "Recent runs", "Cost per day", "Cost per course"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    // The run and cost tables are empty states, never empty tables (another test's failed course may have logged a run by now).
    for (const [heading, empty] of <const>[
      ["Recent runs", "No model calls yet."],
      ["Cost per day", "No model calls in the last 14 days."],
      ["Cost per course", "No course has used the model yet."],
    ]) {
      const region = main.getByRole("region", { name: heading });
      await expect(region.getByText(empty).or(region.getByRole("row").nth(1)).first()).toBeVisible();
    }
  });

  test("admin generation: a failed course shows its reason and log; Retry moves it back to Generating", async ({ page }) => {
    const name = `Failing ${unique()}`;
    const reason = "Section 2 could not be generated: the model's answer did not match the expected shape.";
    const { courseId } = await insertTopicAndCourse(name, { status: "failed", error: reason });
    await withDb((client) =>
      client.query(
        `INSERT INTO generation_runs (course_id, step, section_index, attempt, model, prompt_tokens, completion_tokens, duration_ms, ok, error)
         VALUES ($1, 'section', 1, 1, 'gpt-e2e', 1200, 800, 4200, false, 'broken JSON'), ($1, 'failed', NULL, 1, NULL, 0, 0, 0, false, $2)`,
        [courseId, reason],
      ),
    );

    await page.goto("/admin/generation");
    const failedTable = page.getByRole("table", { name: "Failed courses" });
    const row = failedTable.getByRole("row").filter({ hasText: `${name} course` });
    await expect(row).toContainText(reason);
    await expect(row).toContainText(`${name} topic`);
    await expect(page.getByRole("table", { name: "Courses waiting for a model" }).getByRole("row").filter({ hasText: `${name} course` })).toHaveCount(0);

    // The log dialog: each step with model, tokens, duration and the error; Escape closes it.
    await row.getByRole("button", { name: `Log of ${name} course` }).click();
    const dialog = page.getByRole("dialog", { name: `Generation log: ${name} course` });
    await expect(dialog).toContainText("Status: Failed");
    await expect(dialog).toContainText(`Reason: ${reason}`);
    const steps = dialog.getByRole("table", { name: "Generation steps" }).getByRole("row");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1)).toContainText(/section \(section 2\)\s*gpt-e2e\s*2,000\s*4\.2 s/);
    await expect(steps.nth(1)).toContainText("Error: broken JSON");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The run shows under Recent runs too.
    await expect(page.getByRole("table", { name: "Recent runs" }).getByRole("row").filter({ hasText: `${name} course` }).first()).toBeVisible();

    await row.getByRole("button", { name: `Retry ${name} course` }).click();
    // No model: the retry only queues it, and the screen says so rather than "Generating".
    await expect(page.getByText("Queued again. It will be written once a model is connected.")).toBeVisible();
    const waitingRow = page.getByRole("table", { name: "Courses waiting for a model" }).getByRole("row").filter({ hasText: `${name} course` });
    await expect(waitingRow).toContainText("Waiting for a model");
    await expect(waitingRow).not.toContainText("Generating");
    await expect(failedTable.getByRole("row").filter({ hasText: `${name} course` })).toHaveCount(0);
    // No model is configured, so the job waits: the course stays pending.
    expect(await courseStatus(courseId)).toBe("pending");
  });
});

/** What the pipeline writes when a section is complete: the section, its lesson and its quiz, in one transaction. */
async function publishSection(client: Client, courseId: number, position: number, title: string) {
  await client.query("BEGIN");
  const section = await client.query<{ id: number }>("INSERT INTO course_sections (course_id, position, title) VALUES ($1, $2, $3) RETURNING id", [courseId, position, title]);
  const sectionId = section.rows[0]!.id;
  await client.query("INSERT INTO course_subsections (section_id, position, title, content) VALUES ($1, 0, $2, $3)", [sectionId, `${title} basics`, `## ${title}\n\nSome text.`]);
  await client.query(
    "INSERT INTO quiz_questions (section_id, position, question, options, correct_answer, hint) VALUES ($1, 0, 'Which?', ARRAY['A','B','C','D'], 'A', 'The first.')",
    [sectionId],
  );
  await client.query("COMMIT");
}

test.describe("learner", () => {
  test("reader: a generating course shows live progress, then its content once generated, without a reload", async ({ page, request }) => {
    const learner = await createLearner(request, "genui");
    const name = `Live ${unique()}`;
    const { courseId } = await insertTopicAndCourse(name, { status: "running" });
    // The outline planned two sections; the pipeline has published the first (progressive publication).
    await withDb((client) =>
      client.query(
        `INSERT INTO generation_sections (course_id, position, title, subsection_titles)
         VALUES ($1, 0, 'First part', ARRAY['First part basics']), ($1, 1, 'Second part', ARRAY['Second part basics'])`,
        [courseId],
      ),
    );
    await withDb((client) => publishSection(client, courseId, 0, "First part"));

    await logInToDashboard(page, learner.email, learner.password);
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} course`);
    await expect(page.getByText("This course is still being written")).toBeVisible();
    const progress = page.getByTestId("generation-progress");
    await expect(progress).toHaveAttribute("aria-live", "polite");
    await expect(progress).toHaveText("Generating: 1 of 2 sections written");
    // Marks this document: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = "same document"));

    // The second section is published: the poll shows it.
    await withDb((client) => publishSection(client, courseId, 1, "Second part"));
    await expect(progress).toHaveText("Generating: 2 of 2 sections written", { timeout: 20_000 });

    // The course is done (as the pipeline's last write leaves it): the poll refreshes the page to the course.
    await withDb((client) =>
      client.query("UPDATE courses SET is_detail_created_by_ai = true, generation_status = 'done', updated_at = now() WHERE id = $1", [courseId]),
    );

    await expect(page.getByRole("heading", { level: 2, name: "Enrol to start" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("First part basics")).toBeVisible();
    await expect(page.getByText("Second part basics")).toBeVisible();
    await expect(page.getByText("This course is still being written")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe("same document");
  });

  test("reader: a failed course tells the learner plainly, without the technical reason", async ({ page, request }) => {
    const learner = await createLearner(request, "genui-failed");
    const name = `Broken ${unique()}`;
    const { courseId } = await insertTopicAndCourse(name, { status: "failed", error: "The model server answered 500 Internal Server Error" });
    await logInToDashboard(page, learner.email, learner.password);
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    const alert = page.getByRole("alert").filter({ hasText: "This course could not be generated." });
    await expect(alert).toContainText("Generation failed; an administrator has been notified.");
    await expect(page.getByText("500 Internal Server Error")).toHaveCount(0);
    await expect(page.getByTestId("generation-progress")).toHaveCount(0);
  });

  test("learner: opening /admin/generation shows the not-allowed page", async ({ page }) => {
    await logInNewLearner(page, "genui-admin");
    const response = await page.goto("/admin/generation");
    expect(response!.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to open this page");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toHaveCount(0);
    await expect(page.getByText("No model is configured")).toHaveCount(0);
  });
});
