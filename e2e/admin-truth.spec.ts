import { expect, test } from "./fixtures/browser-test";
import { insertNamedUsers, withDb } from "./fixtures/admin-db";
import { logInThroughUi } from "./fixtures/accounts";
import { shown } from "./fixtures/database";
import { E2E_ADMIN } from "./fixtures/settings";

// Admin screens that tell the truth (docs/product-rules.md, Admin screens and Admin analytics). The
// main e2e configuration runs without a model, so nothing may say a course is being generated.

const tag = `tru${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin(?:[?#].*)?$/);
});

test("admin, no model: a new topic's toast, its row, its courses and the Generation queue say 'Waiting for a model'", async ({ page }) => {
  const title = `Waiting ${tag}`;
  await page.goto("/admin/topics");
  await page.getByRole("button", { name: "Add Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Topic" });
  await expect(dialog).toContainText("a new topic's courses will be written once one is connected");
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("textbox", { name: "Description" }).fill("A topic no model can write yet.");
  await dialog.getByRole("button", { name: "Add Topic" }).click();
  await expect(page.getByText("Topic created. Courses will be written once a model is connected.")).toBeVisible();
  await expect(page.getByText(/being generated/)).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search topics by title" }).fill(title);
  await page.getByRole("searchbox", { name: "Search topics by title" }).press("Enter");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Waiting for a model");
  await expect(row).toContainText("Course proposals queued");
  await expect(row).not.toContainText("Generating");
  await row.getByRole("button", { name: `View Courses of ${title}` }).click();
  await expect(page.getByRole("dialog")).toContainText("they will be written once a model is connected (Waiting for a model)");
  await page.keyboard.press("Escape");

  await page.goto("/admin/generation");
  const queue = page.getByRole("region", { name: "Queue" });
  await expect(queue.getByRole("status")).toContainText(/[1-9]\d* jobs? queued/);
  await expect(queue.getByRole("row").filter({ hasText: title })).toContainText("Waiting for a model");
  await expect(page.getByRole("main")).not.toContainText("Courses generating");
});

test("admin: View Courses opens a course's read-only preview with its lessons and keyed questions", async ({ page }) => {
  await page.goto(`/admin/topics?search=${encodeURIComponent("Git and Collaboration")}`);
  await page.getByRole("button", { name: "View Courses of Git and Collaboration" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Generated");
  await dialog.getByRole("link", { name: /^Advanced Git: Rebasing, Bisecting and Recovering Work/ }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Advanced Git: Rebasing, Bisecting and Recovering Work");
  await expect(page.getByText("Preview (read-only)")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Section 1: / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /^Quiz \(\d+ questions\)$/ }).first()).toBeVisible();
  await expect(page.getByText("Which Git object type stores the contents of a file?")).toBeVisible();
  await expect(page.getByText("(the right answer)").first()).toBeAttached();
});

test("admin: a user's page shows their sign-in; reset two-factor asks for the admin's own password and signs them out", async ({ page }) => {
  const email = `twofa-${tag}@e2e.learnpath.test`;
  const [id] = await insertNamedUsers([{ first: "Tess", last: `Factor${tag}`, email, joined: new Date() }]);
  await withDb(async (client) => {
    await client.query("INSERT INTO two_factors (user_id, secret, backup_codes, verified, confirmed_at) VALUES ($1, 'x', 'y', true, now())", [id]);
    await client.query("UPDATE users SET two_factor_enabled = true WHERE id = $1", [id]);
    await client.query("INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [`e2e-${tag}`, id]);
  });

  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Tess Factor${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${id}$`));
  const facts = page.getByRole("main").locator("dl");
  const fact = (label: string) => facts.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(fact("Two-factor")).toHaveText("On");
  await expect(fact("Open sessions")).toHaveText("1");
  await expect(fact("Quizzes passed / attempted")).toHaveText("0 / 0");

  await page.getByRole("button", { name: "Reset two-factor" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor sign-in" });
  await dialog.getByLabel("Your password").fill("not-the-admin-password");
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect password.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(fact("Two-factor")).toHaveText("On");

  await page.getByRole("button", { name: "Reset two-factor" }).click();
  await dialog.getByLabel("Your password").fill(E2E_ADMIN.password);
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(page.getByText("Two-factor sign-in reset. The user was signed out and e-mailed.")).toBeVisible();
  await expect(fact("Two-factor")).toHaveText("Off");
  await expect(fact("Open sessions")).toHaveText("0");
  await expect(page.getByRole("region", { name: "Admin actions on this account" })).toContainText(`Two-factor sign-in reset by ${E2E_ADMIN.email}`);
  await expect(page.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
});

test("admin: questions are searched, filtered and sorted on the server, in the URL", async ({ page }) => {
  await page.goto("/admin/questions");
  const table = page.getByRole("table", { name: "Quiz questions" });
  await page.getByRole("searchbox", { name: "Search questions" }).fill("git object type");
  await page.getByRole("combobox", { name: "Course" }).selectOption({ label: "Advanced Git: Rebasing, Bisecting and Recovering Work" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=git\+object\+type/);
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table.getByRole("rowheader")).toContainText("Which Git object type stores the contents of a file?");

  await page.getByRole("link", { name: "Clear" }).click();
  // The cleared page has rendered (the fields come back empty) before typing again.
  await expect(page.getByText(/^\d+ questions$/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Course" })).toHaveValue("");
  await page.getByRole("searchbox", { name: "Search questions" }).fill("commit");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/^\d+ questions? matching "commit"$/)).toBeVisible();
  await table.getByRole("columnheader", { name: /^Question/ }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=question&order=asc/);
  await expect(table.getByRole("columnheader", { name: /^Question/ })).toHaveAttribute("aria-sort", "ascending");
  // The page is the database's first 20 in that order (the text as stored sorts, backticks of code included).
  const expected = await withDb(async (client) =>
    (await client.query<{ question: string }>("SELECT question FROM quiz_questions WHERE question ILIKE '%commit%' ORDER BY lower(question), id LIMIT 20")).rows.map((r) => shown(r.question)),
  );
  await expect(table.locator("tbody tr th > span:first-child")).toHaveText(expected);
});

test("admin: analytics switches between 7, 30 and 90 days", async ({ page }) => {
  await page.goto("/admin");
  const range = page.getByRole("navigation", { name: "Date range" });
  await expect(range.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  const daily = page.getByRole("figure", { name: "Daily active learners" }).getByRole("listitem");
  await expect(daily).toHaveCount(7);
  await range.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/\/admin\?days=30$/);
  await expect(range.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(daily).toHaveCount(30);
  const region = page.getByRole("region", { name: /^Activity/ });
  await expect(region.locator("dt", { hasText: "Quizzes passed / attempted" }).locator("+ dd")).toHaveText(/^\d+ \/ \d+$/);
  const funnel = page.getByRole("region", { name: "Funnel" }).getByRole("listitem");
  await expect(funnel).toHaveCount(3);
  await expect(funnel.nth(0)).toContainText("Enrolled");
  await expect(funnel.nth(1)).toContainText("First quiz passed");
  await expect(funnel.nth(2)).toContainText("Completed");
});
