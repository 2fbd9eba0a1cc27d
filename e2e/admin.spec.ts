import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { countRows, insertCourse, insertThrowawayUsers, withDb } from "./fixtures/admin-db";
import { logInAsAdmin } from "./fixtures/accounts";
import { E2E_ADMIN } from "./fixtures/settings";

// The admin area: Analytics, Manage Users, Manage Topics, Questions. Everything created here is
// throwaway (unique names); the shared seeded admin and learner are only read, never changed.

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;


const rowWith = (page: Page, text: string): Locator => page.getByRole("row").filter({ hasText: text });
const field = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

async function search(page: Page, label: string, value: string) {
  const box = page.getByRole("searchbox", { name: label });
  await box.fill(value);
  await box.press("Enter");
}

test.beforeEach(async ({ page }) => {
  await logInAsAdmin(page);
});

test("admin: the sidebar marks the current page, Questions included", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Analytics", "Users", "Topics", "Questions", "Reports", "Generation"]);
  await expect(page).toHaveTitle("Analytics – Admin | LearnPath");
  await nav.getByRole("link", { name: "Topics" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Topics");
  await expect(page).toHaveTitle("Manage Topics – Admin | LearnPath");
  await expect(nav.getByRole("link", { name: "Topics" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Analytics" })).not.toHaveAttribute("aria-current");
  await nav.getByRole("link", { name: "Questions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions");
  await expect(nav.getByRole("link", { name: "Questions" })).toHaveAttribute("aria-current", "page");
});

test("admin: Analytics shows the totals, the 7-day new users chart with numbers as text, and topic rankings", async ({ page, request }) => {
  const login = await request.post("/log_in", { form: { username: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const token = (await login.json()).access_token as string;
  const statsResponse = await request.get("/dashboard/stats", { headers: { authorization: `Bearer ${token}` } });
  expect(statsResponse.status()).toBe(200);
  const stats = await statsResponse.json();

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  const totals = page.getByRole("main").locator("dl");
  // Other specs may add users meanwhile: the page's number is at least the API's from just before.
  const users = Number(await totals.locator("dt", { hasText: /^Users$/ }).locator("+ dd").textContent());
  expect(users).toBeGreaterThanOrEqual(stats.user_count);
  await expect(totals.locator("dt", { hasText: /^Topics$/ })).toBeVisible();
  await expect(totals.locator("dt", { hasText: /^Quizzes passed$/ })).toBeVisible();
  await expect(totals.getByText(/^\d+(\.\d)?% of attempts passed$/)).toBeVisible();

  const chart = page.getByRole("figure", { name: /New users/ });
  await expect(chart).toContainText("New users, last 7 days");
  const days = chart.getByRole("listitem");
  await expect(days).toHaveCount(7);
  // Each day reads as text ("Mon 10 Mar: 2 new users"); today is last and has at least the seeded accounts.
  const today = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());
  await expect(days.last()).toContainText(new RegExp(`${today}: \\d+ new users?`));
  // Bar height is count × 8 px (while no day exceeds 25).
  const todayCount = Number((await days.last().textContent())!.match(/: (\d+) new/)![1]);
  if (todayCount <= 25) {
    const height = await days.last().getByTestId("new-users-bar").evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round(height)).toBe(todayCount * 8);
  }

  await expect(page.getByRole("heading", { level: 2, name: "Most attempted topics" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Least attempted topics" })).toBeVisible();
  const most = page.getByRole("region", { name: "Most attempted topics" }).getByRole("listitem");
  // A topic nobody has started is not "most attempted": only those with learners are listed.
  const started = (stats.most_attempted as { user_count: number }[]).filter((t) => t.user_count > 0).length;
  await expect(most).toHaveCount(started);
  if (started > 0) await expect(most.first()).toContainText(/[1-9]\d* learners?$/);
});

test("admin: creates a topic (validated), views its courses, edits it, finds it by title and deletes it with its courses", async ({ page }) => {
  const title = `E2E Topic ${unique()}`;
  await page.goto("/admin/topics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Topics");

  // Add: empty fields are refused with messages; Escape closes the dialog; then a real topic.
  await page.getByRole("button", { name: "Add Topic" }).click();
  let dialog = page.getByRole("dialog", { name: "Add Topic" });
  await expect(dialog).toBeVisible();
  await expect(field(dialog, "Title")).toBeFocused();
  await dialog.getByRole("button", { name: "Add Topic" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Description is required")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Add Topic" }).click();
  dialog = page.getByRole("dialog", { name: "Add Topic" });
  await field(dialog, "Title").fill(title);
  await field(dialog, "Description").fill("Made by the admin e2e test.\nSecond line.");
  await dialog.getByRole("button", { name: "Add Topic" }).click();
  await expect(dialog).toBeHidden();
  // No model in this run: the toast says what will happen, not that anything is being generated.
  await expect(page.getByText("Topic created. Courses will be written once a model is connected.")).toBeVisible();
  const row = rowWith(page, title);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");

  // The same title again is refused by the server, shown in the dialog.
  await page.getByRole("button", { name: "Add Topic" }).click();
  dialog = page.getByRole("dialog", { name: "Add Topic" });
  await field(dialog, "Title").fill(title.toUpperCase());
  await field(dialog, "Description").fill("Duplicate");
  await dialog.getByRole("button", { name: "Add Topic" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("A topic with this title already exists.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // View Courses: none yet (this run has no model, so proposals wait); then courses in three states.
  // e2e/generation-live.spec.ts shows the worker producing them with a (fake) model.
  await row.getByRole("button", { name: `View Courses of ${title}` }).click();
  dialog = page.getByRole("dialog", { name: `Courses of ${title}` });
  await expect(dialog).toContainText("No courses for this topic yet: they will be written once a model is connected (Waiting for a model).");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const topicId = await withDb(async (client) => (await client.query<{ id: number }>("SELECT id FROM topics WHERE title = $1", [title])).rows[0]!.id);
  await insertCourse(topicId, { title: "Generated course", level: "Beginner", status: "done" });
  await insertCourse(topicId, { title: "Generating course", level: "Intermediate", status: "running" });
  await insertCourse(topicId, { title: "Failed course", level: "Advanced", status: "failed" });
  await page.reload();
  await expect(row.getByRole("cell").nth(1)).toHaveText("3");
  await row.getByRole("button", { name: `View Courses of ${title}` }).click();
  dialog = page.getByRole("dialog", { name: `Courses of ${title}` });
  const items = dialog.getByRole("listitem");
  await expect(items).toHaveCount(3);
  // Each course opens its preview; without a model a running course is "Waiting for a model".
  await expect(items.nth(0)).toContainText(/Generated course \(preview\)\s*Beginner\s*✓\s*Generated/);
  await expect(items.nth(1)).toContainText(/Generating course \(preview\)\s*Intermediate\s*○\s*Waiting for a model/);
  await expect(items.nth(2)).toContainText(/Failed course \(preview\)\s*Advanced\s*✕\s*Failed/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Edit: a blank title is refused; a new title replaces the old one.
  const renamed = `${title} renamed`;
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Topic" });
  await expect(field(dialog, "Title")).toHaveValue(title);
  await field(dialog, "Title").fill("  ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await field(dialog, "Title").fill(renamed);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Topic updated.")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: renamed, exact: true })).toBeVisible();

  // Search by title, case-insensitively: only this topic is listed.
  await search(page, "Search topics by title", renamed.toLowerCase());
  await expect(page).toHaveURL(/\/admin\/topics\?search=/);
  await expect(page.getByRole("rowheader")).toHaveText([renamed]);
  await expect(page.getByText('1 topic matching')).toBeVisible();

  // Delete: the confirmation warns that its courses go too; Cancel keeps it, Delete removes it all.
  const renamedRow = rowWith(page, renamed);
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  let confirm = page.getByRole("alertdialog", { name: "Delete Topic" });
  await expect(confirm).toContainText("Its 3 courses will be deleted too");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(renamedRow).toBeVisible();

  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  confirm = page.getByRole("alertdialog", { name: "Delete Topic" });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Topic deleted.")).toBeVisible();
  await expect(page.getByText(`No topics match "${renamed.toLowerCase()}".`)).toBeVisible();
  expect(await countRows("SELECT count(*) AS n FROM courses WHERE topic_id = $1", [topicId])).toBe(0);
});

test("admin: the topics table shows 7 per page", async ({ page }) => {
  await page.goto("/admin/topics");
  await expect(page.getByRole("rowheader")).not.toHaveCount(0);
  const count = await page.getByRole("rowheader").count();
  expect(count).toBeLessThanOrEqual(7);
  const total = Number((await page.getByText(/^\d+ topics?$/).textContent())!.split(" ")[0]);
  expect(count).toBe(Math.min(7, total));
});

test("admin: searches users by e-mail case-insensitively and pages through them 8 at a time; a new search starts at page 1", async ({ page }) => {
  const tag = `pager${unique()}`;
  const emails = Array.from({ length: 10 }, (_, i) => `${tag}-${String(i).padStart(2, "0")}@e2e.learnpath.test`);
  await insertThrowawayUsers(emails);

  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Users");
  await search(page, "Search users by name or email", tag.toUpperCase());
  await expect(page.getByText(`10 users matching "${tag.toUpperCase()}"`)).toBeVisible();
  // The e-mail column (the action buttons name the e-mail too, after "Edit" / "Delete").
  const emailCells = page.getByRole("cell").filter({ hasText: new RegExp(`^${tag}-\\d+@e2e\\.learnpath\\.test$`) });
  await expect(emailCells).toHaveCount(8);
  await expect(emailCells).toHaveText(emails.slice(0, 8));
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 2");

  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination).toContainText("Page 2 of 2");
  await expect(emailCells).toHaveText(emails.slice(8));

  // A new search from page 2 drops the page: back on page 1.
  await search(page, "Search users by name or email", `${tag}-09`);
  await expect(page).not.toHaveURL(/page=/);
  await expect(emailCells).toHaveText([emails[9]!]);
  await expect(pagination).toBeHidden();
});

test("admin: edits a user's names and role, and deletes a user after confirming", async ({ page }) => {
  const tag = `edit${unique()}`;
  const [email, victim] = [`${tag}-a@e2e.learnpath.test`, `${tag}-b@e2e.learnpath.test`];
  await insertThrowawayUsers([email, victim]);
  await page.goto(`/admin/users?search=${tag}`);

  const row = rowWith(page, email);
  await expect(row.getByRole("cell").nth(2)).toHaveText("User");
  await row.getByRole("button", { name: `Edit ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog).toContainText(email);
  await field(dialog, "First Name").fill("");
  await field(dialog, "Last Name").click();
  await expect(dialog.getByText("First Name is required")).toBeVisible();
  await field(dialog, "First Name").fill("Promoted");
  await field(dialog, "Last Name").fill("Person");
  await dialog.getByRole("combobox", { name: "Role" }).selectOption({ label: "Admin" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("User updated.")).toBeVisible();
  await expect(row.getByRole("cell").nth(0)).toHaveText("Promoted Person");
  await expect(row.getByRole("cell").nth(2)).toHaveText("Admin");
  expect(await countRows("SELECT count(*) AS n FROM users WHERE email = $1 AND role = 'admin' AND first_name = 'Promoted'", [email])).toBe(1);

  const victimRow = rowWith(page, victim);
  await victimRow.getByRole("button", { name: `Delete ${victim}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete User" });
  await expect(confirm).toContainText(victim);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("User deleted.")).toBeVisible();
  await expect(victimRow).toHaveCount(0);
  await expect(page.getByText(`1 user matching "${tag}"`)).toBeVisible();
  expect(await countRows("SELECT count(*) AS n FROM users WHERE email = $1", [victim])).toBe(0);
});

test("admin: cannot demote or delete themself", async ({ page }) => {
  await page.goto(`/admin/users?search=${encodeURIComponent(E2E_ADMIN.email)}`);
  const row = rowWith(page, E2E_ADMIN.email);
  await expect(row).toContainText("(you)");
  await expect(row.getByRole("button", { name: new RegExp(`^Delete ${E2E_ADMIN.email}`) })).toHaveAttribute("aria-disabled", "true");
  await row.getByRole("button", { name: `Edit ${E2E_ADMIN.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog).toContainText("You cannot remove your own admin role.");
  await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("admin: the Questions panel lists quiz questions with their numbers and a review filter", async ({ page }) => {
  await page.goto("/admin/questions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions");
  const table = page.getByRole("table", { name: "Quiz questions" });
  await expect(table.getByRole("columnheader")).toHaveText([/^Question/, /^Attempts/, /^First-try correct/, "Most chosen wrong option", "Review"]);
  await expect(table.getByRole("rowheader")).toHaveCount(20);
  await page.getByRole("combobox", { name: "Review flag" }).selectOption("flagged");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/flag=flagged/);
  await expect(page.getByRole("combobox", { name: "Review flag" })).toHaveValue("flagged");
});
