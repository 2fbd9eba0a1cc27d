import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { insertTopicWithCourses } from "./fixtures/db";

/*
 * "Write me a course" on a server with no model (this project's e2e server has none): the button is
 * there, and pressing it says course writing is off. No screen says a course is being written
 * (docs/product-rules.md, "Course generation").
 */

const WRITING_OFF = "Course writing is turned off here; ask your admin.";
const NOT_WRITTEN_YET = `This course has not been written yet. ${WRITING_OFF}`;

async function expectNothingBeingWritten(page: Page) {
  await expect(page.getByText(/being (written|generated)/i)).toHaveCount(0);
  await expect(page.getByRole("article", { name: /course/ })).toHaveCount(0);
}

test("learner without a model: the home page's Generate My First Course and a topic without courses both offer a course, and say writing is off", async ({ page }) => {
  const title = `Quiet topic ${Date.now()}`;
  const topicId = await withDb(async (client) => (await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'No courses yet.') RETURNING id", [title])).rows[0]!.id);
  await logInNewLearner(page, "request-off");
  await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();

  // The home page's call to action leads a learner to the dashboard's request flow.
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Generate My First Course" }).click();
  await expect(page).toHaveURL(/\/dashboard#write-a-course$/);
  const dashboardRequest = page.getByRole("region", { name: "Write me a course" });
  await expect(dashboardRequest).toBeInViewport();
  await dashboardRequest.getByRole("button", { name: "Write me a course on this" }).click();
  await expect(dashboardRequest.getByRole("alert")).toHaveText(WRITING_OFF);
  await expectNothingBeingWritten(page);

  // A topic with no courses: the offer instead of a dead end.
  await page.goto(`/dashboard/topics/${topicId}`);
  await expect(page.getByText("No courses available for this topic yet.")).toHaveCount(0);
  const offer = page.getByRole("region", { name: "No courses for this topic yet" });
  await offer.getByRole("button", { name: "Write me a course on this" }).click();
  await expect(offer.getByRole("alert")).toHaveText(WRITING_OFF);
  await page.reload();
  await expect(offer.getByRole("button", { name: "Write me a course on this" })).toBeVisible();
  await expectNothingBeingWritten(page);
});

test("learner without a model: a course an admin's topic queued says it is not written yet, never Generating", async ({ page }) => {
  const topic = `Queued topic ${Date.now()}`;
  const [title] = await insertTopicWithCourses(topic, 1);
  const { topicId, courseId } = await withDb(async (client) => {
    const row = await client.query<{ topic_id: number; id: number }>("SELECT topic_id, id FROM courses WHERE title = $1", [title]);
    return { topicId: row.rows[0]!.topic_id, courseId: row.rows[0]!.id };
  });
  await logInNewLearner(page, "queued-off");
  await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();

  await page.goto(`/dashboard/topics/${topicId}`);
  const card = page.getByRole("listitem").filter({ hasText: title! });
  await expect(card.getByText("Not written yet")).toBeVisible();
  await expect(page.getByText("Generating")).toHaveCount(0);

  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  await expect(page.getByRole("status").filter({ hasText: NOT_WRITTEN_YET })).toBeVisible();
  await expect(page.getByText(/being (written|generated)|Generating/i)).toHaveCount(0);
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(page.getByRole("status").filter({ hasText: NOT_WRITTEN_YET })).toBeVisible();
  await expect(page.getByText(/being (written|generated)|Generating/i)).toHaveCount(0);
});
