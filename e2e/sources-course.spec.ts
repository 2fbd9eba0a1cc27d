import { expect, test } from "./fixtures/browser-test";
import { logInAsAdmin, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { apiToken, bearer } from "./fixtures/api";
import { E2E_ADMIN } from "./fixtures/settings";
import { numberedPdf } from "../tests/harness/source-fixtures";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model. A topic
 * created "sources first" (docs/sources.md, "What admins see") gets its courses once its PDF is
 * read, written from it; a learner opens a lesson's [1] and reads the quoted passage with its page.
 * And a paused course as its learner sees it (docs/product-rules.md, "Review and publication").
 */

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

test("admin and learner: a topic created sources first is written from its PDF, and its lesson's [1] shows the page it quotes", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = `Quokka field guide ${unique()}`;
  await logInAsAdmin(page);
  await page.goto("/admin/topics");
  await page.getByRole("button", { name: "Add Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Topic" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Where quokkas live and what they eat.");
  await expect(dialog.getByRole("radio", { name: /^Server default \(publish at once\)$/ })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Add source files first: courses are written once they are read" }).check();
  await dialog.getByRole("button", { name: "Add Topic" }).click();

  // On to its Sources page: nothing is written until the file is read.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sources of ${title}`);
  const topicId = Number(/\/admin\/topics\/(\d+)\/sources/.exec(page.url())![1]);
  const start = page.getByTestId("courses-start");
  await expect(start).toContainText("Courses will be written once the sources are read.");
  await expect(start.getByRole("button", { name: "Write the courses now" })).toBeVisible();

  await page.getByLabel("Add a source").setInputFiles({ name: "quokka guide.pdf", mimeType: "application/pdf", buffer: numberedPdf(6) });
  await page.getByRole("button", { name: "Upload" }).click();
  const status = page.getByTestId("topic-sources").getByRole("listitem").filter({ hasText: "quokka guide.pdf" }).getByTestId("source-status");
  await expect(status).toHaveText(/Waiting to be read…|Extracting…( page \d+ of 6)?|Ready: 6 pages/);
  await expect(status).toHaveText(/Ready: 6 pages, \d+ passages/, { timeout: 20_000 });
  // Its reading queued the courses' proposals: the panel says they are being written (or, once they exist, is gone).
  await expect(page.getByText("Courses will be written once the sources are read.")).toBeHidden();

  // The proposals write several courses; one is enough here: the others are removed, so the fake
  // model's slots go to the one the learner reads.
  const firstCourse = () => withDb(async (client) => (await client.query<{ id: number | null }>("SELECT min(id) AS id FROM courses WHERE topic_id = $1", [topicId])).rows[0]!.id);
  await expect.poll(firstCourse, { timeout: 20_000 }).not.toBeNull();
  const courseId = (await firstCourse())!;
  await withDb((client) => client.query("DELETE FROM courses WHERE topic_id = $1 AND id <> $2", [topicId, courseId]));
  const admin = await apiToken(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect
    .poll(async () => (await (await page.request.get(`/courses/${courseId}/generation`, { headers: bearer(admin) })).json()).sections_done, { timeout: 45_000 })
    .toBeGreaterThan(0);
  const written = await withDb(async (client) => (await client.query("SELECT 1 FROM course_sources cs JOIN sources s ON s.id = cs.source_id WHERE cs.course_id = $1 AND s.file_name = 'quokka guide.pdf'", [courseId])).rowCount);
  expect(written).toBe(1);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await logInNewLearner(learner, "sources-course", courseId);
  await learner.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(learner.getByTestId("course-sources")).toContainText("quokka guide.pdf (PDF, 6 pages)");
  await learner.getByRole("article").getByRole("button", { name: "Source 1" }).first().click();
  const panel = learner.getByRole("dialog", { name: "Source [1]" });
  await expect(panel).toContainText("quokka guide.pdf");
  await expect(panel).toContainText(/Page [1-6]\b/);
  await expect(panel.getByTestId("cited-passage")).toContainText(/the quokka number [1-6] lives on Rottnest island/);
  await learnerContext.close();
  // The course keeps the worker busy no longer than needed.
  await withDb((client) => client.query("DELETE FROM topics WHERE id = $1", [topicId]));
});

test("learner: a course the admin paused says so on its card, its overview and in the reader, without content", async ({ page }) => {
  const title = `Paused course ${unique()}`;
  const courseId = await withDb(async (client) => {
    const one = async (sql: string, params: unknown[]) => (await client.query<{ id: number }>(sql, params)).rows[0]!.id;
    const topicId = await one(`INSERT INTO topics (title, description) VALUES ($1, 'Paused.') RETURNING id`, [title]);
    const id = await one(
      `INSERT INTO courses (topic_id, title, description, level, generation_status, is_detail_created_by_ai) VALUES ($1, $2, 'Soon paused.', 'Beginner', 'done', true) RETURNING id`,
      [topicId, title],
    );
    const sectionId = await one(`INSERT INTO course_sections (course_id, position, title) VALUES ($1, 0, 'Only section') RETURNING id`, [id]);
    await client.query(`INSERT INTO course_subsections (section_id, position, title, content) VALUES ($1, 0, 'First lesson', 'The secret content of the lesson.')`, [sectionId]);
    return id;
  });
  await logInNewLearner(page, "paused", courseId);
  const admin = await apiToken(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await page.request.post(`/courses/${courseId}/unpublish`, { headers: bearer(admin) })).status()).toBe(200);

  await page.goto("/dashboard/my-courses");
  const card = page.getByRole("listitem").filter({ hasText: title });
  await expect(card.getByTestId("course-paused-badge")).toHaveText("Paused by the admin");
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByTestId("course-paused")).toContainText("Paused by the admin: this course is not available for now.");
  await expect(page.getByText("The secret content of the lesson.")).toHaveCount(0);

  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  await expect(page.getByTestId("course-paused")).toContainText("Paused by the admin: this course is not available for now.");
  await expect(page.getByRole("link", { name: "Continue" })).toHaveCount(0);
});
