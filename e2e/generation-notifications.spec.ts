import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";
import { whollyOnScreen } from "./fixtures/boxes";
import { askForCourse, newLearnerOnDashboard, uniqueSubject } from "./fixtures/course-requests";
import { modelRule, removeModelRule } from "./fixtures/model-rules";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model, on a
 * 390x844 phone: a learner asks for a course and leaves it to be written; once it is, the bell in
 * the header counts it, its sheet across the screen lists "Your course ... is ready", and the
 * notification leads to the course (docs/product-rules.md, "Notifications"). A request whose plan
 * the model fails is a notification too, which leads back to its card, where it can be resumed.
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

test("phone: a request whose plan the model fails is a notification that leads to its card, where it can be resumed", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const region = await newLearnerOnDashboard(page, "notified-failed");
  const subject = uniqueSubject("Unplannable");
  const rule = `fail-${subject}`;
  // Every try of its plan fails, so the request gives up (failed jobs are retried after 1 s here).
  await modelRule({ fault: "server-error", task: "topic_courses", match: subject, times: 1000, id: rule });
  try {
    const card = await askForCourse(region, subject);
    await expect(card.getByText("Failed", { exact: true })).toBeVisible({ timeout: 90_000 });

    // The learner is elsewhere when it fails; the bell says so.
    await page.goto("/dashboard/completed-courses");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread notification");
    await bell.click();
    const sheet = page.getByRole("dialog", { name: "Notifications" });
    const notice = sheet.getByRole("listitem").filter({ hasText: `Planning your course on “${subject}” failed.` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Open its card to resume it: that does not use another of today's requests.");
    await expectAccessible(page, testInfo, "a failed request's notification on a phone");

    await notice.getByRole("link").click();
    await expect(page).toHaveURL(/\/dashboard#write-a-course$/);
    await expect(bell).toHaveAccessibleName("Notifications, no unread notifications");
    // Its card, still failed, offers to carry on where it stopped.
    const requests = page.getByRole("region", { name: "Write me a course" });
    const failed = requests.getByTestId("course-request").filter({ hasText: "Failed" });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("Try again to carry on from there; it does not use one of today's requests.");
    const resume = failed.getByRole("button", { name: "Try again" });
    await expect.poll(() => whollyOnScreen(page, requests.getByRole("heading", { name: "Write me a course" }))).toBe(true);

    await removeModelRule(rule);
    await resume.click();
    await expect(requests.getByTestId("course-request").first()).toContainText(/Planning|Being written/);
  } finally {
    await removeModelRule(rule);
  }
});
