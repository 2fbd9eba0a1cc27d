import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { insertNamedUsers } from "./fixtures/admin-db";
import { logInAsAdmin } from "./fixtures/accounts";

// The admin users table (docs/product-rules.md, Users and roles): search by name or e-mail, sort
// by a column's header button (mouse and keyboard), the state in the URL, kept across pages and
// searches. Every user here is throwaway, found by a tag no other test uses.

const tag = `tbl${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DAY = 86_400_000;
const base = Date.UTC(2024, 5, 1);

// Joined on different days; names and e-mails in different orders, so each sort has its own answer.
const PEOPLE = [
  { first: "Ada", last: `Lovelace${tag}`, email: `d-${tag}@e2e.learnpath.test`, joined: new Date(base + 2 * DAY) },
  { first: "Grace", last: `Hopper${tag}`, email: `a-${tag}@e2e.learnpath.test`, joined: new Date(base + 4 * DAY) },
  { first: "Alan", last: `Turing${tag}`, email: `c-${tag}@e2e.learnpath.test`, joined: new Date(base + 1 * DAY) },
  { first: "Barbara", last: `Liskov${tag}`, email: `b-${tag}@e2e.learnpath.test`, joined: new Date(base + 3 * DAY) },
];
const NAMES = PEOPLE.map((p) => `${p.first} ${p.last}`);
const BY_NAME = [...NAMES].sort();


const table = (page: Page) => page.getByRole("table", { name: "Users" });
/** The name cells of the table's rows, in order (the first cell of each body row). */
const nameCells = (page: Page): Locator => table(page).locator("tbody tr").locator("td:first-child");
const header = (page: Page, name: string) => table(page).getByRole("columnheader", { name: new RegExp(`^${name}`) });
const sortButton = (page: Page, name: string) => header(page, name).getByRole("button", { name: new RegExp(`^${name}`) });

async function search(page: Page, value: string) {
  const box = page.getByRole("searchbox", { name: "Search users by name or email" });
  await box.fill(value);
  await box.press("Enter");
}

test.beforeAll(async () => {
  await insertNamedUsers(PEOPLE);
});

test.beforeEach(async ({ page }) => {
  await logInAsAdmin(page);
});

test("admin: finds users by last name, by \"first last\" and by part of the e-mail, in any case", async ({ page }) => {
  await page.goto("/admin/users");
  await search(page, `lovelace${tag}`.toUpperCase());
  await expect(nameCells(page)).toHaveText([NAMES[0]!]);
  await expect(page.getByText(/^1 user matching/)).toBeVisible();

  await search(page, `grace  hopper${tag}`);
  await expect(nameCells(page)).toHaveText([NAMES[1]!]);

  await search(page, `c-${tag}@e2e`);
  await expect(nameCells(page)).toHaveText([NAMES[2]!]);

  await search(page, tag);
  await expect(page.getByText(`4 users matching "${tag}"`)).toBeVisible();
  // The new columns: joined (UTC day), last active (nobody here has been), courses, two-factor.
  const alan = table(page).getByRole("row").filter({ hasText: NAMES[2]! });
  await expect(alan.getByRole("cell")).toContainText(["Alan", `c-${tag}`, "User", "2 Jun 2024", "Never", "0", "Off"]);
});

test("admin: sorts the users table by a header's button, ascending then descending, with the sort in the URL", async ({ page }) => {
  await page.goto(`/admin/users?search=${tag}`);
  await expect(header(page, "Name")).not.toHaveAttribute("aria-sort");

  await sortButton(page, "Name").click();
  await expect(page).toHaveURL(/[?&]sort=name&order=asc/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(header(page, "Name")).toHaveAttribute("aria-sort", "ascending");
  await expect(nameCells(page)).toHaveText(BY_NAME);

  await sortButton(page, "Name").click();
  await expect(page).toHaveURL(/sort=name&order=desc/);
  await expect(header(page, "Name")).toHaveAttribute("aria-sort", "descending");
  await expect(nameCells(page)).toHaveText([...BY_NAME].reverse());

  // Another column: only it is marked sorted.
  await sortButton(page, "Joined").click();
  await expect(page).toHaveURL(/sort=joined&order=asc/);
  await expect(header(page, "Joined")).toHaveAttribute("aria-sort", "ascending");
  await expect(header(page, "Name")).not.toHaveAttribute("aria-sort");
  await expect(nameCells(page)).toHaveText([NAMES[2]!, NAMES[0]!, NAMES[3]!, NAMES[1]!]);

  // The URL alone restores it.
  await page.goto(`/admin/users?search=${tag}&sort=email&order=desc`);
  await expect(header(page, "Email")).toHaveAttribute("aria-sort", "descending");
  await expect(nameCells(page)).toHaveText([NAMES[0]!, NAMES[2]!, NAMES[3]!, NAMES[1]!]);
});

test("admin: the sort buttons work from the keyboard", async ({ page }) => {
  await page.goto(`/admin/users?search=${tag}`);
  await sortButton(page, "Email").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=email&order=asc/);
  await expect(nameCells(page)).toHaveText([NAMES[1]!, NAMES[3]!, NAMES[2]!, NAMES[0]!]);
  await sortButton(page, "Email").focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/sort=email&order=desc/);
  await expect(header(page, "Email")).toHaveAttribute("aria-sort", "descending");
});

test("admin: paging and a new search keep the sort", async ({ page }) => {
  // A tag of its own with 10 users, so the search has two pages of 8 and the other tests keep their 4.
  const pagingTag = `${tag}pg`;
  const people = Array.from({ length: 10 }, (_, i) => ({
    first: "Zed",
    last: `Extra${String(i).padStart(2, "0")}${pagingTag}`,
    email: `z${String(i).padStart(2, "0")}-${pagingTag}@e2e.learnpath.test`,
    joined: new Date(base + (10 + i) * DAY),
  }));
  await insertNamedUsers(people);
  await page.goto(`/admin/users?search=${pagingTag}&sort=joined&order=desc`);
  const newestFirst = [...people].reverse().map((p) => `${p.first} ${p.last}`);
  await expect(nameCells(page)).toHaveText(newestFirst.slice(0, 8));
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 2");
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=joined&order=desc/);
  await expect(nameCells(page)).toHaveText(newestFirst.slice(8));

  await search(page, `Zed Extra0`);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page).toHaveURL(/sort=joined&order=desc/);
  await expect(header(page, "Joined")).toHaveAttribute("aria-sort", "descending");
});
