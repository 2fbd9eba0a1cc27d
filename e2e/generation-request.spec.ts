import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { expectAccessible } from "./fixtures/axe";
import { subsectionTitle } from "./fixtures/reader";

/*
 * Runs under playwright.generation.config.ts, against the worker and the fake model. A learner asks
 * for a course on a topic without courses; the card shows it planned, then "Being written", its sections as they
 * come, and opens section 1 once it is published. The topic's title starts "Held back", so the fake
 * (e2e/fixtures/server.ts) never writes sections 2-4 of the course it proposes: they stay "Being written".
 */

test("learner: a requested course goes from 'Being written' to readable, section by section", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Held back ${Date.now()}`;
  const topicId = await withDb(async (client) => (await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'Asked for by a learner.') RETURNING id", [title])).rows[0]!.id);
  await logInNewLearner(page, "request-gen");
  await page.goto(`/dashboard/topics/${topicId}`);
  await page.getByRole("button", { name: "Write me a course on this" }).click();

  // At once: the request's card, being planned.
  const card = page.getByTestId("course-request");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Planning your course");

  // Then its sections: the first ready, the rest still being written.
  await expect(card.getByRole("listitem").first()).toContainText("Section 1: Part 1Ready", { timeout: 60_000 });
  await expect(card.getByRole("listitem").filter({ hasText: "Being written" })).toHaveCount(3);
  await expect(card).toContainText("1 of 4 sections ready");
  await expectAccessible(page, testInfo, "a requested course being written");

  await card.getByRole("button", { name: "Read section 1" }).click();
  await expect(subsectionTitle(page)).toHaveText("Lesson 1.1");
});

// The held-back sections' model calls never end: with the course gone its jobs stop (as in generation-reader.spec.ts).
test.afterEach(async () => {
  await withDb((client) => client.query("DELETE FROM courses WHERE title LIKE 'Held back %'"));
});
