import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { apiToken, bearer } from "./fixtures/api";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model. The course's
 * title starts "Held back": the fake (e2e/fixtures/server.ts) writes its outline and first section
 * but never answers for sections 2-4, so the course stays Generating while section 1 is readable.
 */

test("learner: section 1 is readable while the later sections are still being written", async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Held back ${Date.now()}`;
  // A failed course the admin retries: the same path as any course's generation (outline, parts, publication).
  const courseId = await withDb(async (client) => {
    const topic = await client.query<{ id: number }>("SELECT id FROM topics ORDER BY id LIMIT 1");
    const course = await client.query<{ id: number }>(
      "INSERT INTO courses (topic_id, title, description, level, generation_status) VALUES ($1, $2, 'Written one section at a time.', 'Beginner', 'failed') RETURNING id",
      [topic.rows[0]!.id, title],
    );
    return course.rows[0]!.id;
  });
  const admin = await apiToken(request, E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await request.post(`/courses/${courseId}/generation/retry`, { headers: bearer(admin) })).status()).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`/courses/${courseId}/generation`, { headers: bearer(admin) })).json()).sections_done, { timeout: 60_000 })
    .toBe(1);

  await logInNewLearner(page, "reader-gen");
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(page.getByText("This course is still being written")).toBeVisible();
  await page.getByRole("button", { name: "Enrol to start" }).click();

  // Section 1 reads as usual; the rest are listed as being written, their lessons closed.
  await expect(page.getByRole("heading", { level: 2, name: "Lesson 1.1" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("article")).toContainText("Key points");
  await expect(page.getByTestId("generation-progress").first()).toHaveText("Generating: 1 of 4 sections written");
  const outline = page.getByRole("navigation", { name: "Course content" });
  await expect(outline.getByText("Being written")).toHaveCount(3);
  await expect(outline.getByRole("button", { name: "Lesson 2.1 (being written)" })).toBeDisabled();
  await expect(outline.getByRole("link", { name: "Lesson 1.1" })).toBeVisible();
  // Nothing of an unwritten section reaches the page.
  await expect(page.getByText(/Lesson 2\.1: the idea works/)).toHaveCount(0);
});

// The held-back sections' model calls never end: with the course gone its jobs stop, instead of
// keeping the worker's model slots (GENERATION_CONCURRENCY) from the next test's generation.
test.afterEach(async () => {
  await withDb((client) => client.query("DELETE FROM courses WHERE title LIKE 'Held back %'"));
});
