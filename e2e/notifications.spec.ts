import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { apiToken, bearer, quizQuestions } from "./fixtures/api";
import { expectAccessible } from "./fixtures/axe";
import { courseIdByTitle } from "./fixtures/database";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * Notifications (docs/product-rules.md, "Notifications"): a learner's two reports on quiz items
 * are resolved by an admin; the header's bell counts them, its panel lists them (axe on the open
 * panel, keyboard: focus in, Escape back to the bell), one is marked read, then all, and following
 * one leads to what it is about.
 */

test("a resolved report reaches the learner's bell: counted, listed, marked read, followed", async ({ page }, testInfo) => {
  const courseId = await courseIdByTitle("Python Basics");
  const account = await logInNewLearner(page, "notified", courseId);
  const learner = await apiToken(page.request, account.email, account.password);
  const admin = await apiToken(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  // Two items of the quiz the learner opened (only items shown to a learner may be reported); no other spec reports quiz items.
  const items = (await quizQuestions(page.request, learner, courseId, 0)).slice(0, 2);
  for (const item of items) {
    const reported = await page.request.post("/reports", { data: { question_id: item.id, reason: "unclear" }, headers: bearer(learner) });
    expect([200, 201]).toContain(reported.status());
    const resolved = await page.request.post("/reports/resolve", { data: { question_id: item.id, resolution: "dismissed" }, headers: bearer(admin) });
    expect(resolved.status(), await resolved.text()).toBe(200);
  }

  // A page without the new learner's interests dialog over it.
  await page.goto("/dashboard/completed-courses");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread notifications");
  await expect(page.getByTestId("notification-badge")).toHaveText("2");

  // Opened with the keyboard: focus goes into the panel; Escape closes it and returns to the bell.
  await bell.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByRole("heading", { name: "Notifications" })).toBeFocused();
  const notices = panel.getByRole("listitem");
  await expect(notices).toHaveCount(2);
  await expect(notices.first()).toContainText(`Your report on “${items[1]!.question}” was resolved.`);
  await expect(notices.first()).toContainText("Reviewed: an admin found nothing wrong.");
  await expectAccessible(page, testInfo, "the notifications panel, open");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // One marked read, then all: the count follows.
  await bell.click();
  await notices.first().getByRole("button", { name: /^Mark read:/ }).click();
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread notification");
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications, no unread notifications");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  // Following one leads to what it is about (a quiz item's report: its course), and closes the panel.
  await notices.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course-details\\?courseId=${courseId}$`));
  await expect(panel).toBeHidden();

  // Everything, on its own page too.
  await page.goto("/dashboard/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page, testInfo, "/dashboard/notifications");
});
