import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, field } from "./fixtures/accounts";
import { insertThrowawayUsers } from "./fixtures/admin-db";
import { sectionQuestions, shown, type SeededQuestion } from "./fixtures/database";
import { feedbackPanel, moveOn, percent, subsectionTitle } from "./fixtures/reader";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * The main flows with the keyboard alone: page.keyboard only (Tab, Shift+Tab, Enter, Space, Escape,
 * arrows and typing), never a click. Learners are registered per test; the admin edits only a
 * throwaway user it inserted.
 */

// Tab by Tab through whole pages is slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

const COURSE = "Idiomatic Python: Functions, Iterators and Generators";
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

const isFocused = (target: Locator) => target.evaluateAll((elements) => elements.some((el) => el === document.activeElement));

/** Presses Tab (or Shift+Tab) until one of `target`'s elements has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`no focus on ${target} after ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

async function logInByKeyboard(page: Page, email: string, password: string) {
  await page.goto("/login");
  await tabTo(page, field(page, "Email"));
  await page.keyboard.type(email);
  await tabTo(page, field(page, "Password"));
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

/** Answers the question on screen rightly: Tab into the radio group, arrows to the right option, Submit, then on from the feedback. */
async function answerRightly(page: Page, questions: SeededQuestion[]) {
  const legend = (await page.locator("legend").textContent())!.trim();
  const question = questions.find((q) => shown(q.question) === legend);
  expect(question, `question "${legend}" is one of the section's`).toBeDefined();
  const radios = page.getByRole("radiogroup").getByRole("radio");
  const values = await radios.evaluateAll((elements) => elements.map((el) => (el as HTMLInputElement).value));
  const right = values.indexOf(question!.correctAnswer);
  expect(right).toBeGreaterThanOrEqual(0);

  // Into a group with nothing chosen, Tab lands on its first option.
  await tabTo(page, radios.first());
  if (right === 0) await page.keyboard.press("Space");
  for (let i = 0; i < right; i++) await page.keyboard.press("ArrowDown");
  await expect(radios.nth(right)).toBeChecked();

  await tabTo(page, page.getByRole("button", { name: "Submit", exact: true }));
  await page.keyboard.press("Enter");
  // Focus moves to the feedback's heading (announced), and Tab reaches its way on.
  const panel = feedbackPanel(page);
  await expect(panel.getByRole("heading", { name: "Correct!" })).toBeFocused();
  await tabTo(page, moveOn(page));
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden();
}

test("keyboard: a new learner logs in, picks interests, opens a course, reads with Next and Previous, and passes a quiz", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, password } = await createLearner(page.request, "keyboard");
  await logInByKeyboard(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The interests modal: focus is inside it; Space toggles a topic, Enter on Submit saves.
  const modal = page.getByRole("dialog", { name: "Select Your Interests" });
  await expect(modal).toBeVisible();
  await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const topic = modal.getByRole("button", { name: "Python Programming" });
  await tabTo(page, topic);
  await page.keyboard.press("Space");
  await expect(topic).toHaveAttribute("aria-pressed", "true");
  await tabTo(page, modal.getByRole("button", { name: "Submit" }));
  await page.keyboard.press("Enter");
  await expect(modal).toBeHidden();

  // A recommended course: Enter on its card enrols and opens the reader.
  const card = page.getByRole("region", { name: "Recommended for You", exact: true }).getByRole("link", { name: COURSE, exact: true });
  await expect(card).toBeVisible();
  await tabTo(page, card, { max: 120 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/detail-courses\?courseId=\d+$/);
  const courseId = Number(/courseId=(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE);
  const first = (await subsectionTitle(page).textContent())!;

  // Next and Previous.
  const nav = page.getByRole("navigation", { name: "Course navigation" });
  const next = nav.getByRole("button", { name: "Next", exact: true }).or(nav.getByRole("link", { name: "Next", exact: true }));
  const previous = nav.getByRole("link", { name: "Previous" });
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(percent(page)).toHaveText("10%");
  const second = (await subsectionTitle(page).textContent())!;
  expect(second).not.toBe(first);
  await tabTo(page, previous);
  await page.keyboard.press("Enter");
  await expect(subsectionTitle(page)).toHaveText(first);
  // Next again: the second subsection is already open (a link), the third is unlocked (saved).
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(subsectionTitle(page)).toHaveText(second);
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(percent(page)).toHaveText("20%");
  await expect(page.getByText("Ready to test your understanding of this section?")).toBeVisible();

  // The section's quiz, answered rightly throughout.
  await tabTo(page, page.getByRole("link", { name: "Attempt Quiz" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/dashboard/quiz\\?courseId=${courseId}&sectionIndex=0$`));
  const questions = await sectionQuestions(courseId, 0);
  const total = Math.min(questions.length, 5);
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    await answerRightly(page, questions);
  }
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: "Back to Course" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("You passed the quiz for")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`courseId=${courseId}$`));
  await expect(page.getByRole("navigation", { name: "Course content" })).toContainText("Quiz passed");
  await expect(percent(page)).toHaveText("28%");
});

test("keyboard: the account menu opens with the keyboard, moves with arrows and Escape returns to its button", async ({ page }) => {
  const { email, password } = await createLearner(page.request, "keyboard-menu");
  await logInByKeyboard(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Escape on the interests modal counts as Skip.
  const modal = page.getByRole("dialog", { name: "Select Your Interests" });
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  const button = page.getByRole("banner").locator('button[aria-haspopup="menu"]');
  await tabTo(page, button);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Edit Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit Personalized Learning" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit Profile" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/my-account$/);
});

test("keyboard: an admin opens Users, renames a user in the dialog, and Escape closes dialogs with focus back on their opener", async ({ page }) => {
  const tag = `kbd${unique()}`;
  const [email, victim] = [`${tag}-a@e2e.learnpath.test`, `${tag}-b@e2e.learnpath.test`];
  await insertThrowawayUsers([email, victim]);
  await logInByKeyboard(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await tabTo(page, page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Users");
  await tabTo(page, page.getByRole("searchbox", { name: "Search users by name or email" }));
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(2);

  // Edit: the dialog opens in First Name; typing and Enter save it.
  const edit = row.getByRole("button", { name: `Edit ${email}` });
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "First Name", exact: true })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Keyboard");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("User updated.")).toBeVisible();
  await expect(row.getByRole("cell").first()).toHaveText("Keyboard User 1");

  // Escape closes the edit dialog without saving, and focus goes back to Edit.
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.type(" changed");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(row.getByRole("cell").first()).toHaveText("Keyboard User 1");

  // The delete confirmation starts on Cancel; Escape closes it, focus back on Delete, nobody deleted.
  const remove = page.getByRole("row").filter({ hasText: victim }).getByRole("button", { name: `Delete ${victim}` });
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Delete User" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(page.getByRole("row").filter({ hasText: victim })).toHaveCount(1);
});

test.describe("skip link and focus indicator", () => {
  /** The first Tab stop is 'Skip to main content'; Enter on it sends the next Tab into <main id="main">. */
  async function expectSkipLink(page: Page) {
    // Something in <main> to land on: a page still loading its content (the admin's topics table on a
    // busy machine) has none yet, and the Tab after the skip link then leaves <main>.
    await expect(page.getByRole("main").locator("a[href], button:not([disabled]), input:not([disabled])").first()).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.getByRole("main").evaluate((main) => main.contains(document.activeElement))).toBe(true);
  }

  // The ring may be drawn by the control itself or by its ::after (cards whose link covers the whole card).
  type Look = { outline: string; afterOutline: string; boxShadow: string };
  const lookOf = (el: Element): Look => {
    const own = getComputedStyle(el);
    const after = getComputedStyle(el, "::after");
    return {
      outline: `${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor}`,
      afterOutline: `${after.outlineStyle} ${after.outlineWidth} ${after.outlineColor}`,
      boxShadow: own.boxShadow,
    };
  };
  const drawn = (outline: string) => !outline.startsWith("none ") && !outline.includes(" 0px ");
  const shows = (look: Look) => drawn(look.outline) || drawn(look.afterOutline) || look.boxShadow !== "none";

  /** Tabs through the first `stops` controls: each shows an outline or shadow when focused that it lacks once Tab moves on. */
  async function expectFocusIndicators(page: Page, stops: number) {
    const seen: string[] = [];
    await page.keyboard.press("Tab");
    for (let i = 0; i < stops; i++) {
      const active = await page.evaluateHandle(() => document.activeElement!);
      const name = await active.evaluate((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "").trim().slice(0, 40)}"`);
      if (name.startsWith("body")) break;
      seen.push(name);
      const focused = await active.evaluate(lookOf);
      await page.keyboard.press("Tab");
      const unfocused = await active.evaluate(lookOf);
      await active.dispose();
      expect(shows(focused), `${name} shows a focus indicator (${JSON.stringify(focused)})`).toBe(true);
      expect(unfocused, `${name} looks different when focused`).not.toEqual(focused);
    }
    expect(seen.length, `controls checked: ${seen.join(", ")}`).toBeGreaterThan(3);
  }

  test("public pages: skip link first and visible focus on every control of /login", async ({ page }) => {
    await page.goto("/");
    await expectSkipLink(page);
    await page.goto("/login");
    await expectFocusIndicators(page, 12);
  });

  test("learner and admin layouts: skip link first and visible focus on their controls", async ({ page, browser }) => {
    const { email, password } = await createLearner(page.request, "keyboard-skip");
    await logInByKeyboard(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const modal = page.getByRole("dialog", { name: "Select Your Interests" });
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await page.goto("/dashboard/explore-topics");
    await expectSkipLink(page);
    await page.goto("/dashboard/explore-topics");
    await expectFocusIndicators(page, 15);

    const admin = await browser.newPage();
    try {
      await logInByKeyboard(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(admin).toHaveURL(/\/admin$/);
      await admin.goto("/admin/topics");
      await expectSkipLink(admin);
      await admin.goto("/admin/topics");
      await expectFocusIndicators(admin, 15);
    } finally {
      await admin.close();
    }
  });
});
