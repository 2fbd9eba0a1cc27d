import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInAsAdmin } from "./fixtures/accounts";

/*
 * Runs under playwright.generation.config.ts: the worker talks to the fake OpenAI-compatible server,
 * which answers every call after 2 s. An admin creates a topic and watches the worker propose its
 * courses (Generating) and then write them (Generated), without anything inserted by hand.
 */


async function viewCourses(page: Page, title: string) {
  await page.reload();
  await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: `View Courses of ${title}` }).click();
  return page.getByRole("dialog", { name: `Courses of ${title}` });
}

test("admin: a new topic's courses appear as Generating, then Generated, written by the worker", async ({ page }) => {
  test.setTimeout(150_000);
  await logInAsAdmin(page);
  await page.goto("/admin/generation");
  await expect(page.getByText("No model is configured")).toHaveCount(0);

  const title = `Rust Programming ${Date.now()}`;
  await page.goto("/admin/topics");
  await page.getByRole("button", { name: "Add Topic" }).click();
  const add = page.getByRole("dialog", { name: "Add Topic" });
  await add.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await add.getByRole("textbox", { name: "Description", exact: true }).fill("Ownership, borrowing and fearless concurrency.");
  await add.getByRole("button", { name: "Add Topic" }).click();
  await expect(page.getByText("Topic created. Its courses are being generated.")).toBeVisible();

  // The worker's first call proposes the courses: they appear while their content is still being written.
  await expect
    .poll(async () => {
      const dialog = await viewCourses(page, title);
      const text = (await dialog.textContent()) ?? "";
      await page.keyboard.press("Escape");
      return /Generating/.test(text) && !/No courses for this topic yet/.test(text);
    }, { timeout: 60_000, intervals: [1_000] })
    .toBe(true);

  // Then every course is written: each shows Generated with its level.
  await expect
    .poll(async () => {
      const dialog = await viewCourses(page, title);
      const items = await dialog.getByRole("listitem").allTextContents();
      await page.keyboard.press("Escape");
      return items.length >= 3 && items.every((item) => /(Beginner|Intermediate|Advanced)/.test(item) && /Generated/.test(item));
    }, { timeout: 120_000, intervals: [2_000] })
    .toBe(true);

  // The generation panel lists the runs with their tokens.
  await page.goto("/admin/generation");
  await expect(page.getByRole("table", { name: /Recent runs/i }).or(page.getByRole("table").filter({ hasText: "fake-model" })).first()).toContainText("fake-model");
});
