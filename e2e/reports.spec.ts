import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner, logInThroughUi } from "./fixtures/accounts";
import { courseIdByTitle } from "./fixtures/database";
import { subsectionTitle } from "./fixtures/reader";
import { E2E_ADMIN } from "./fixtures/settings";

// Learner reports (docs/product-rules.md, "Reports"): a learner reports a problem with a lesson,
// an admin finds it in the Reports queue and dismisses it, and the learner sees it was handled;
// a second report marked fixed with no change to the lesson tells them no change was needed.

test("a learner's report on a lesson reaches the admins' queue, and its dismissal reaches the learner", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const courseId = await courseIdByTitle("Python Basics");
  await logInNewLearner(page, "reporter", courseId);
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");

  const note = `The second example prints nothing (${Date.now()}) <b>really</b>`;
  await page.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem" });
  // Focus starts on the first reason; sending without one says what is missing.
  await expect(dialog.getByRole("radio", { name: "Wrong or misleading" })).toBeFocused();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose what is wrong.");
  await dialog.getByRole("radio", { name: "Unclear" }).check();
  await dialog.getByRole("textbox", { name: "Details (optional)" }).fill(note);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("report-status")).toHaveText(/your report was sent/);
  await expect(page.getByRole("button", { name: "Edit your report" })).toBeFocused();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logInThroughUi(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin(?:[?#].*)?$/);
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" }).click();
  const group = adminPage.getByTestId("report-group").filter({ hasText: note });
  // The note is shown as the learner typed it, markup and all, as text.
  await expect(group.getByRole("list", { name: "Learners' notes" })).toContainText(note);
  await expect(group).toContainText("Unclear: 1");
  await group.getByRole("button", { name: /^Dismiss: lesson/ }).click();
  const confirm = adminPage.getByRole("dialog", { name: "Dismiss these reports" });
  await confirm.getByRole("textbox", { name: "Note for admins (optional)" }).fill("The example is right.");
  await confirm.getByRole("button", { name: "Dismiss", exact: true }).click();
  await expect(group).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("report-status")).toHaveText("Thanks for your report. Reviewed: an admin found nothing wrong.");

  // A second report, marked fixed with nothing changed in the lesson: the learner is told no change was needed, not that it was fixed.
  const second = `Still unclear (${Date.now()})`;
  await page.getByRole("button", { name: "Report another problem" }).click();
  await dialog.getByRole("radio", { name: "Unclear" }).check();
  await dialog.getByRole("textbox", { name: "Details (optional)" }).fill(second);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toBeHidden();
  await adminPage.reload();
  const again = adminPage.getByTestId("report-group").filter({ hasText: second });
  await again.getByRole("button", { name: /^Mark fixed: lesson/ }).click();
  const fixing = adminPage.getByRole("dialog", { name: "Mark as fixed" });
  await expect(fixing).toContainText("or, when nothing did, that no change was needed");
  await fixing.getByRole("button", { name: "Mark fixed", exact: true }).click();
  await expect(again).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByTestId("report-status")).toHaveText("Thanks for your report. Checked: no change was needed.");
  await page.goto("/dashboard/my-account");
  const mine = page.getByTestId("my-reports");
  await expect(mine.getByRole("listitem").filter({ hasText: second })).toContainText("Checked: no change was needed.");
  await expect(mine.getByRole("listitem").filter({ hasText: note })).toContainText("Reviewed: an admin found nothing wrong.");
});
