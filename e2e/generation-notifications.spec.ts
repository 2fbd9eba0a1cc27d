import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model, on a
 * 390x844 phone: a learner asks for a course and leaves it to be written; once it is, the bell in
 * the header counts it, its sheet across the screen lists "Your course ... is ready", and the
 * notification leads to the course (docs/product-rules.md, "Notifications").
 */

test.use({ viewport: { width: 390, height: 844 } });

test("phone: a requested course, once written, is a notification that leads to it", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const title = `Notified ${Date.now()}`;
  const topicId = await withDb(async (client) => (await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'Asked for by a learner.') RETURNING id", [title])).rows[0]!.id);
  await logInNewLearner(page, "notified-gen");
  await page.goto(`/dashboard/topics/${topicId}`);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, no unread notifications");
  await page.getByRole("button", { name: "Write me a course on this" }).click();
  await expect(page.getByRole("article").filter({ hasText: "Being written" })).toBeVisible();

  // The learner looks elsewhere; the course is written meanwhile.
  const written = async () =>
    withDb(async (client) => (await client.query<{ id: number; title: string }>("SELECT id, title FROM courses WHERE topic_id = $1 AND generation_status = 'done'", [topicId])).rows[0]);
  await expect.poll(async () => (await written())?.id ?? 0, { timeout: 150_000, intervals: [2_000] }).toBeGreaterThan(0);
  const course = (await written())!;
  await page.goto("/dashboard/completed-courses");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread notification");

  await bell.click();
  const sheet = page.getByRole("dialog", { name: "Notifications" });
  const box = (await sheet.boundingBox())!;
  // A sheet across the phone's screen, under the header.
  expect(box.width).toBeGreaterThanOrEqual(389);
  const notice = sheet.getByRole("listitem").filter({ hasText: `Your course “${course.title}” is ready.` });
  await expect(notice).toBeVisible();
  await expectAccessible(page, testInfo, "the notifications sheet on a phone");
  await notice.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course-details\\?courseId=${course.id}$`));
  await expect(bell).toHaveAccessibleName("Notifications, no unread notifications");
});
