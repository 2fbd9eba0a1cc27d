import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { apiToken, saveProgress } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { nextButton, subsectionTitle } from "./fixtures/reader";

/*
 * The reader, phone first (docs/product-rules.md, Screens): at 390x844 the lesson heading is on the first screen, with
 * the focus, and Previous / Next sit in a bar stuck to the bottom of the screen, each label on one
 * line ("Next Section →" too); a section's quiz is offered by the lesson's end box. The outline is
 * a drawer behind a button showing where the learner is, ticking the lessons read. On a wide screen
 * the outline stays in view while the lesson scrolls, and the reader lines up with the header.
 * Python Basics has sections of 3, 2, 2 and 3 subsections.
 */

const COURSE = "Python Basics";
const PHONE = { width: 390, height: 844 };
let courseId: number;

test.beforeAll(async () => {
  courseId = await courseIdByTitle(COURSE);
});

const enrolledLearner = (page: Page) => logInNewLearner(page, "phone", courseId);

const drawerButton = (page: Page) => page.getByRole("button", { name: /^Course content/ });
const outline = (page: Page) => page.getByRole("navigation", { name: "Course content" });

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the lesson heading is on the first screen, Next is in view, and the bar stays while the lesson scrolls", async ({ page }) => {
    await enrolledLearner(page);
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");
    // Opening the reader puts the focus on the lesson's heading, where reading starts.
    await expect(subsectionTitle(page)).toBeFocused();

    const heading = await subsectionTitle(page).boundingBox();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(PHONE.height);
    await expect(nextButton(page)).toBeInViewport();
    await expect(page.getByRole("button", { name: "Previous" })).toBeInViewport();
    // The outline is behind its button, which says where the learner is.
    await expect(outline(page)).toBeHidden();
    await expect(drawerButton(page)).toContainText("Section 1 of 4 · 0%");

    // Scrolled halfway down the lesson, the bar is still on screen, at its bottom.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(nextButton(page)).toBeInViewport();
    const bar = await page.getByRole("navigation", { name: "Course navigation" }).boundingBox();
    expect(bar!.y + bar!.height).toBeGreaterThan(PHONE.height - 8);

    // No sideways scrolling on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("the outline opens as a drawer, Escape closes it, and a lesson chosen in it gets the focus", async ({ page }) => {
    const { email, password } = await enrolledLearner(page);
    // The whole of section 1 open: its third subsection saved as reached.
    const token = await apiToken(page.request, email, password);
    await saveProgress(page.request, token, courseId, 9, 0, 1);
    await saveProgress(page.request, token, courseId, 18, 0, 2);
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}&section=0&sub=0`);

    await drawerButton(page).click();
    await expect(drawerButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(outline(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(outline(page)).toBeHidden();
    await expect(drawerButton(page)).toBeFocused();

    await drawerButton(page).click();
    // Ticked: the lessons moved on from. Not the last one, only opened (its quiz is still to take).
    const lesson = (name: string) => outline(page).getByRole("link", { name, exact: true });
    for (const read of ["Running Python and Your First Program", "Variables and Assignment"]) await expect(lesson(read).locator("[data-icon=read]")).toHaveCount(1);
    await expect(lesson("Numbers, Strings and Booleans").locator("[data-icon=unread]")).toHaveCount(1);
    await expect(lesson("Numbers, Strings and Booleans").locator("[data-icon=read]")).toHaveCount(0);
    await outline(page).getByRole("link", { name: "Numbers, Strings and Booleans", exact: true }).click();
    await expect(subsectionTitle(page)).toHaveText("Numbers, Strings and Booleans");
    await expect(outline(page)).toBeHidden();
    await expect(subsectionTitle(page)).toBeFocused();

    // At the section's end the bar holds Previous and "Next Section →" (disabled until the quiz is
    // passed), each label on one line; the lesson's end box offers Attempt Quiz as a button.
    const bar = page.getByRole("navigation", { name: "Course navigation" });
    await expect(nextButton(page, "Next Section →")).toBeDisabled();
    await expect(bar.getByRole("link", { name: "Attempt Quiz" })).toHaveCount(0);
    for (const control of await bar.locator("a, button").all()) {
      const label = await control.innerText();
      // One line of text in a 44 px button (two would make it 60 px), and all of it shown.
      expect((await control.boundingBox())!.height, label).toBeLessThan(48);
      expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth), label).toBe(true);
    }
    const attempt = page.getByRole("article").getByRole("link", { name: "Attempt Quiz" });
    await attempt.scrollIntoViewIfNeeded();
    await expect(attempt).toBeInViewport();
    await expect(attempt).toHaveAttribute("href", `/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);

    // Next and Previous move focus to the new lesson's heading too.
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(subsectionTitle(page)).toHaveText("Variables and Assignment");
    await expect(subsectionTitle(page)).toBeFocused();
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the outline and progress stay in view while the lesson scrolls; the reader lines up with the header", async ({ page }) => {
    await enrolledLearner(page);
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(subsectionTitle(page)).toBeVisible();
    await expect(drawerButton(page)).toBeHidden();
    await expect(outline(page)).toBeVisible();

    // Scrolled to the end of the lesson (Previous / Next at the bottom of the screen): the outline is still there.
    await page.evaluate(() => document.querySelector('nav[aria-label="Course navigation"]')!.scrollIntoView({ block: "end", behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page.getByTestId("course-progress")).toBeInViewport();
    await expect(outline(page).getByRole("link", { name: "Running Python and Your First Program" })).toBeInViewport();

    // Same content column as the header: the brand's left edge and the column's right edge.
    const brand = await page.getByRole("banner").getByRole("link", { name: "LearnPath" }).boundingBox();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(Math.abs(title!.x - brand!.x)).toBeLessThanOrEqual(1);
    const header = await page.getByRole("banner").locator("> div").boundingBox();
    const lesson = await page.getByRole("article").boundingBox();
    expect(Math.abs(lesson!.x + lesson!.width - (header!.x + header!.width - 32))).toBeLessThanOrEqual(1);
  });
});
