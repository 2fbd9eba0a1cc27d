import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { overlaps, whollyOnScreen } from "./fixtures/boxes";
import { courseOfAverageItems, sectionQuestions, shown, type SeededQuestion } from "./fixtures/database";
import { feedbackPanel, moveOn, quizActions } from "./fixtures/reader";

/*
 * Quiz feedback on a 390x844 phone (docs/product-rules.md, "Feedback on screen"): after Submit the
 * verdict, its hint and the next action are on the screen without the learner scrolling, with the
 * question still in view to pick again, for items of average length from the seed catalogue; a
 * right second try says in place why it does not count. Under reduced motion the page jumps there.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An item's length as courseOfAverageItems counts it: question, options and hint. */
const lengthOf = (item: SeededQuestion) => item.question.length + item.options.join("").length + (item.hint?.length ?? 0);

const SECOND_TRY_RIGHT = "Right on the second try: this item comes back in review, it does not count toward the pass.";

async function itemOnScreen(page: Page, questions: SeededQuestion[]) {
  const legend = (await page.locator("legend").textContent())!.trim();
  const item = questions.find((q) => shown(q.question) === legend);
  expect(item, `"${legend}" is one of the section's items`).toBeDefined();
  return item!;
}

/** Polls until the element is wholly on the screen (a smooth scroll takes a moment), naming it in the failure. */
const expectOnScreen = (page: Page, what: string, target: Parameters<typeof whollyOnScreen>[1]) =>
  expect.poll(() => whollyOnScreen(page, target), { message: `${what} wholly on the 390x844 screen` }).toBe(true);

/** The text comes to rest above the action bar stuck at the foot of the screen, not under it. */
async function expectAboveBar(page: Page, what: string, target: Parameters<typeof whollyOnScreen>[1]) {
  await expect
    .poll(async () => {
      const [box, bar] = [await target.boundingBox(), await quizActions(page).boundingBox()];
      return box !== null && bar !== null && !overlaps(box, bar);
    }, { message: `${what} is not under the action bar` })
    .toBe(true);
}

test("phone: after each Submit the verdict, the hint and the next action are on screen, the question too; a right second try says why it does not count", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { courseId, title, sectionMean, catalogueMean } = await courseOfAverageItems();
  testInfo.annotations.push({ type: "items", description: `${title}, section 1: ${Math.round(sectionMean)} characters an item on average (the catalogue: ${Math.round(catalogueMean)})` });
  const questions = await sectionQuestions(courseId, 0);
  await logInNewLearner(page, "feedback-in-view", courseId);
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);

  const total = Math.min(questions.length, 5);
  const panel = feedbackPanel(page);
  const radios = page.getByRole("radiogroup");
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    const item = await itemOnScreen(page, questions);
    const [wrong] = item.options.filter((o) => o !== item.correctAnswer);

    // A first miss: "Incorrect!" with its hint, announced (focus on the verdict, described by the hint).
    await radios.getByRole("radio", { name: shown(wrong!), exact: true }).check();
    await quizActions(page).getByRole("button", { name: "Submit", exact: true }).click();
    const incorrect = panel.getByRole("heading", { name: "Incorrect!" });
    await expect(incorrect).toBeFocused();
    if (item.hint) await expect(incorrect).toHaveAccessibleDescription(new RegExp(`^Hint: ${escapeRegExp(shown(item.hint))}`));
    await expectOnScreen(page, `item ${i}: "Incorrect!"`, incorrect);
    const hint = panel.getByText(/^Hint: /);
    await expectOnScreen(page, `item ${i}: the hint`, hint);
    await expectAboveBar(page, `item ${i}: the hint`, hint);
    await expectOnScreen(page, `item ${i}: Submit second try`, quizActions(page).getByRole("button", { name: "Submit second try" }));
    // The options stay in view above it: the learner picks again without scrolling back; for an
    // item of up to average length, the whole question too.
    await expectOnScreen(page, `item ${i}: the right option`, radios.getByRole("radio", { name: shown(item.correctAnswer), exact: true }));
    if (lengthOf(item) <= catalogueMean) await expectOnScreen(page, `item ${i} (${lengthOf(item)} characters): the question`, page.locator("legend"));

    // The second try, right: "Correct!", the rule said in place, and the way on, all on screen.
    await radios.getByRole("radio", { name: shown(item.correctAnswer), exact: true }).check();
    await quizActions(page).getByRole("button", { name: "Submit second try" }).click();
    const correct = panel.getByRole("heading", { name: "Correct!" });
    await expect(correct).toBeFocused();
    await expect(correct).toHaveAccessibleDescription(SECOND_TRY_RIGHT);
    await expectOnScreen(page, `item ${i}: "Correct!"`, correct);
    const rule = panel.getByText(SECOND_TRY_RIGHT);
    await expectOnScreen(page, `item ${i}: the second-try rule`, rule);
    await expectAboveBar(page, `item ${i}: the second-try rule`, rule);
    await expectOnScreen(page, `item ${i}: ${i === total ? "See results" : "Next question"}`, moveOn(page));
    await moveOn(page).click();
  }
  // Every first try missed: the attempt does not pass, as the rule said.
  await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("phone: the page jumps to the feedback rather than gliding: on screen the moment it is announced", async ({ page }) => {
    const { courseId } = await courseOfAverageItems();
    const questions = await sectionQuestions(courseId, 0);
    await logInNewLearner(page, "feedback-reduced-motion", courseId);
    await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    const item = await itemOnScreen(page, questions);
    await page.getByRole("radiogroup").getByRole("radio", { name: shown(item.options.find((o) => o !== item.correctAnswer)!), exact: true }).check();
    const before = await page.evaluate(() => window.scrollY);
    await quizActions(page).getByRole("button", { name: "Submit", exact: true }).click();
    const incorrect = feedbackPanel(page).getByRole("heading", { name: "Incorrect!" });
    await expect(incorrect).toBeFocused();
    // Focus and scroll happen in one step: once focused, the page is where it ends (no polling).
    expect(await whollyOnScreen(page, incorrect)).toBe(true);
    expect(await whollyOnScreen(page, quizActions(page).getByRole("button", { name: "Submit second try" }))).toBe(true);
    const after = await page.evaluate(() => window.scrollY);
    expect(after, "the page scrolled down to the feedback").toBeGreaterThan(before);
  });
});
