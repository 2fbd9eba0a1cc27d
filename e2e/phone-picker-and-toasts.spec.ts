import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { overlaps } from "./fixtures/boxes";
import { courseIdByTitle, sectionQuestions, shown } from "./fixtures/database";
import { feedbackPanel, quizActions } from "./fixtures/reader";

/*
 * On a 390x844 phone (docs/product-rules.md, "Screens"): the topic picker's arrows scroll by
 * whole cards, so every card is once shown whole and none is skipped, both ways; and a toast
 * never covers the primary action at the foot of the screen ("Continue to your feed", the
 * quiz's action bar).
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

/** The indexes of the row's cards wholly inside its visible part. */
const wholeCards = (row: Locator) =>
  row.evaluate((el) => {
    const view = el.getBoundingClientRect();
    return [...el.querySelectorAll(":scope > ul > li")].flatMap((card, i) => {
      const box = card.getBoundingClientRect();
      return box.left >= view.left - 0.5 && box.right <= view.right + 0.5 ? [i] : [];
    });
  });

async function pickTopics(page: Page) {
  await logInNewLearner(page, "picker");
  await page.goto("/dashboard/topic-selection");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pick Topics You Love");
}

test("phone: the picker's arrows bring each next card wholly into view, none skipped, and back again", async ({ page }) => {
  await pickTopics(page);
  const row = page.getByRole("region", { name: "Topics", exact: true });
  const right = page.getByRole("button", { name: "Scroll topics right" });
  const left = page.getByRole("button", { name: "Scroll topics left" });
  const count = await row.getByRole("listitem").count();
  expect(count, "more topics than fit on the phone").toBeGreaterThan(2);

  const seen = new Set<number>(await wholeCards(row));
  expect([...seen]).toEqual([0]);
  while ((await right.getAttribute("aria-disabled")) !== "true") {
    const last = Math.max(...(await wholeCards(row)));
    await right.click();
    // The card after the last one shown whole is shown whole now: nothing jumped past.
    await expect.poll(async () => (await wholeCards(row)).includes(last + 1), { message: `card ${last + 2} wholly shown after a click` }).toBe(true);
    for (const i of await wholeCards(row)) seen.add(i);
  }
  expect([...seen].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);

  while ((await left.getAttribute("aria-disabled")) !== "true") {
    const first = Math.min(...(await wholeCards(row)));
    await left.click();
    await expect.poll(async () => (await wholeCards(row)).includes(first - 1), { message: `card ${first} wholly shown after a click back` }).toBe(true);
  }
  expect(await wholeCards(row)).toEqual([0]);
});

/** The toast with this text, once it has slid in, held by the pointer (a toast goes after 2 s unless it rests there). */
async function restingToast(page: Page, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
  return toast;
}

async function expectClear(toast: Locator, action: Locator, what: string) {
  await expect
    .poll(async () => {
      const [a, b] = [await toast.boundingBox(), await action.boundingBox()];
      return a && b ? !overlaps(a, b) : false;
    }, { message: `the toast is clear of ${what}` })
    .toBe(true);
  // And wholly on the screen.
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test("phone: a toast rises above 'Continue to your feed' at the foot of the screen", async ({ page }) => {
  await pickTopics(page);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Python Programming" }).click();
  const save = main.getByRole("button", { name: "Continue to your feed" });
  // The button at the very foot of the screen, where a toast at the bottom would sit on it.
  await save.evaluate((el) => el.scrollIntoView({ block: "end" }));
  await page.route("**/users/topic-preference", (route) => route.fulfill({ status: 503, json: { detail: "The server is busy: try again in a moment." } }));
  await save.click();
  const toast = await restingToast(page, "The server is busy: try again in a moment.");
  await expectClear(toast, save, "Continue to your feed");
});

test("phone: a toast during the quiz stays clear of its action bar, stuck at the foot of the screen under the feedback", async ({ page }) => {
  const courseId = await courseIdByTitle("Python Basics");
  const questions = await sectionQuestions(courseId, 0);
  await logInNewLearner(page, "toast-quiz", courseId);
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  const legend = (await page.locator("legend").textContent())!.trim();
  const item = questions.find((q) => shown(q.question) === legend)!;
  const radios = page.getByRole("radiogroup");
  await radios.getByRole("radio", { name: shown(item.options.find((o) => o !== item.correctAnswer)!), exact: true }).check();
  await quizActions(page).getByRole("button", { name: "Submit", exact: true }).click();
  await expect(feedbackPanel(page).getByRole("heading", { name: "Incorrect!" })).toBeFocused();
  // The learner scrolls back up to the options: the card runs past the screen, and its action bar
  // sticks to the foot of it, where a toast at the bottom would sit on it.
  const barBottom = async () => {
    const bar = (await quizActions(page).boundingBox())!;
    return Math.round(bar.y + bar.height);
  };
  await expect.poll(async () => {
    await page.evaluate(() => window.scrollTo({ top: document.querySelector("legend")!.getBoundingClientRect().top + window.scrollY - 200, behavior: "instant" }));
    return barBottom();
  }).toBe(PHONE.height);

  await page.route("**/quiz-check", (route) => route.fulfill({ status: 503, json: { detail: "Could not check your answer: try again." } }));
  await radios.getByRole("radio", { name: shown(item.correctAnswer), exact: true }).check();
  await quizActions(page).getByRole("button", { name: "Submit second try" }).click();
  const toast = await restingToast(page, "Could not check your answer: try again.");
  await expectClear(toast, quizActions(page), "the quiz's action bar");
  // Nothing was lost: the pick is still there to submit again.
  await expect(radios.getByRole("radio", { name: shown(item.correctAnswer), exact: true })).toBeChecked();
});
