import { expect, test } from "./fixtures/browser-test";
import { logInAsAdmin, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";
import { numberedPdf, pngImage } from "../tests/harness/source-fixtures";

// Sources as admins and learners see them (docs/sources.md): an admin uploads a PDF to a topic and
// follows its extraction; a learner opens a lesson's citation and reads the quoted passage with its page.

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

async function insertTopic(title: string): Promise<number> {
  return withDb(async (client) => (await client.query<{ id: number }>(`INSERT INTO topics (title, description) VALUES ($1, 'For the sources spec.') RETURNING id`, [title])).rows[0]!.id);
}

test("admin: a topic's Sources page uploads a PDF, shows its extraction to ready, refuses a PNG named .pdf with the server's message, and deletes", async ({ page }, testInfo) => {
  const title = `Quokkas ${unique()}`;
  await insertTopic(title);
  await logInAsAdmin(page);
  await page.goto(`/admin/topics?search=${encodeURIComponent(title)}`);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: `Sources of ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sources of ${title}`);
  await expect(page.getByText("No sources yet.")).toBeVisible();

  const picker = page.getByLabel("Add a source");
  await picker.setInputFiles({ name: "quokka handbook.pdf", mimeType: "application/pdf", buffer: numberedPdf(12) });
  await page.getByRole("button", { name: "Upload" }).click();
  const row = page.getByTestId("topic-sources").getByRole("listitem").filter({ hasText: "quokka handbook.pdf" });
  // Queued, then extracting page by page, then ready: the list is read again until it is.
  await expect(row.getByTestId("source-status")).toHaveText(/Waiting to be read…|Extracting…( page \d+ of 12)?|Ready: 12 pages/);
  await expect(row.getByTestId("source-status")).toHaveText(/Ready: 12 pages, \d+ passages/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "quokka handbook.pdf: Ready: 12 pages" })).toBeAttached();
  await expectAccessible(page, testInfo, "a topic's sources");

  await picker.setInputFiles({ name: "photo.pdf", mimeType: "application/pdf", buffer: pngImage() });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("This file is a PNG image, not a PDF. Upload a PDF, a Word document (.docx), Markdown or plain text.");
  await expect(picker).toBeFocused();

  await row.getByRole("button", { name: "Delete quokka handbook.pdf" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Source" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No sources yet.")).toBeVisible();
});

/** A catalogue course written from a topic's PDF: its first lesson cites page 4 as [1]; [2]'s source was removed. */
async function insertCitedCourse(): Promise<number> {
  return withDb(async (client) => {
    const name = `Cited ${unique()}`;
    const one = async (sql: string, params: unknown[]) => (await client.query<{ id: number }>(sql, params)).rows[0]!.id;
    const topicId = await one(`INSERT INTO topics (title, description) VALUES ($1, 'Cited.') RETURNING id`, [name]);
    const courseId = await one(
      `INSERT INTO courses (topic_id, title, description, level, generation_status, is_detail_created_by_ai) VALUES ($1, $2, 'A course from a handbook.', 'Beginner', 'done', true) RETURNING id`,
      [topicId, name],
    );
    const sectionId = await one(`INSERT INTO course_sections (course_id, position, title) VALUES ($1, 0, 'Quokkas') RETURNING id`, [courseId]);
    const lessonId = await one(`INSERT INTO course_subsections (section_id, position, title, content) VALUES ($1, 0, 'Where they live', $2) RETURNING id`, [
      sectionId,
      "Quokkas live on Rottnest island [1]. An older claim [2] has lost its source. In code, `list[1]` stays code.",
    ]);
    const sourceId = await one(
      `INSERT INTO sources (topic_id, file_name, media_type, byte_size, sha256, status, pages_done, pages_total) VALUES ($1, '<b>quokka</b> handbook.pdf', 'application/pdf', 100, $2, 'ready', 12, 12) RETURNING id`,
      [topicId, unique().padStart(64, "0")],
    );
    const passageId = await one(`INSERT INTO source_passages (source_id, position, page, heading, text) VALUES ($1, 0, 4, 'Habitat', $2) RETURNING id`, [
      sourceId,
      "Page 4 marker: the quokka number 4 lives on Rottnest island.",
    ]);
    await client.query(`INSERT INTO course_sources (course_id, source_id) VALUES ($1, $2)`, [courseId, sourceId]);
    await client.query(`INSERT INTO subsection_citations (subsection_id, number, passage_id) VALUES ($1, 1, $2), ($1, 2, NULL)`, [lessonId, passageId]);
    return courseId;
  });
}

test("learner: a lesson's [1] opens the quoted passage with its file and page; Escape closes it and focus returns", async ({ page }, testInfo) => {
  const courseId = await insertCitedCourse();
  await logInNewLearner(page, "sources", courseId);
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(page.getByTestId("course-sources")).toContainText("<b>quokka</b> handbook.pdf (PDF, 12 pages)");
  // Only the numbers the lesson cites are buttons: [1] and [2], not the code's list[1].
  const lesson = page.getByRole("article");
  await expect(lesson.getByTestId("citation")).toHaveCount(2);

  const cite = lesson.getByRole("button", { name: "Source 1" });
  await cite.click();
  const panel = page.getByRole("dialog", { name: "Source [1]" });
  await expect(panel).toContainText("<b>quokka</b> handbook.pdf");
  await expect(panel).toContainText("Page 4 · Habitat");
  await expect(panel.getByTestId("cited-passage")).toHaveText("Page 4 marker: the quokka number 4 lives on Rottnest island.");
  await expectAccessible(page, testInfo, "the citation panel");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(cite).toBeFocused();

  await lesson.getByRole("button", { name: "Source 2" }).click();
  await expect(page.getByRole("dialog", { name: "Source [2]" })).toContainText("This source was removed.");
});
