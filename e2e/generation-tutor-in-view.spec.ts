import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { whollyInView, whollyOnScreen } from "./fixtures/boxes";
import { courseIdByTitle, openAttempt } from "./fixtures/database";
import { holdRequests } from "./fixtures/gate";
import { modelRule } from "./fixtures/model-rules";

/*
 * Runs under playwright.generation.config.ts, against the fake model: the lesson tutor keeps the
 * conversation in view (docs/tutor.md, "Following the conversation"). On a 390x844 phone each new
 * reply, the guard's hint and a failed reply's Retry come into view without the learner scrolling;
 * a learner who scrolled up to read is left there, with a "New reply" pill that takes them down;
 * with the keyboard up (a shorter viewport) the question box stays in view. On a 1440x900 desktop
 * the box is in view when the panel opens, and after the page scrolls.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const REPLY = 20_000;

async function openTutor(page: Page, courseId: number, name: "dialog" | "region") {
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await page.getByRole("button", { name: "Ask about this lesson" }).click();
  const tutor = page.getByRole(name, { name: "Lesson tutor" });
  await expect(tutor.getByText(/questions? left today/)).toBeVisible();
  const box = tutor.getByRole("textbox", { name: "Ask the tutor" });
  const conversation = tutor.getByRole("list", { name: /^Conversation: / });
  // The scrolling box around the conversation: what "in view" is measured against.
  const area = tutor.getByRole("region", { name: "Messages" });
  return { tutor, box, conversation, area };
}

/** Sends a question from the box and waits for its reply to end. */
async function ask(tutor: Locator, box: Locator, question: string) {
  await box.fill(question);
  await tutor.getByRole("button", { name: "Send" }).click();
  await expect(tutor.getByRole("button", { name: "Send" })).toBeVisible({ timeout: REPLY });
}

/**
 * Two replies (so the conversation is taller than its box), then a third question sent and, while
 * its reply is on the way, the learner scrolls back up to the first one. The question's request is
 * held until they have: the reply then starts after the scroll, the order a slow server gives and
 * the one where a restart left pending would pull the list back down.
 */
async function askThirdScrolledUp(page: Page, { tutor, box, conversation, area }: Awaited<ReturnType<typeof openTutor>>) {
  await ask(tutor, box, "What is a variable in Python, and why do we name them?");
  await ask(tutor, box, "How is a list different from a tuple?");
  await expect(tutor.getByRole("button", { name: "New reply" })).toHaveCount(0);
  const turn = await holdRequests(page, /\/tutor\/turns(\?|$)/);
  await box.fill("What does a while loop do that a for loop does not?");
  await tutor.getByRole("button", { name: "Send" }).click();
  await expect(conversation.getByText("Thinking…")).toBeVisible();
  await area.hover();
  await page.mouse.wheel(0, -5_000);
  await expect.poll(() => area.evaluate((el) => el.scrollTop)).toBe(0);
  turn.open();
}

const inView = (page: Page, target: Locator, area: Locator) => expect.poll(() => whollyInView(page, target, area), { timeout: 5_000 });

test.describe("phone", () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

  test("phone: the third reply, the guard's hint and a failed reply's Retry come into view without scrolling", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const courseId = await courseIdByTitle("Python Basics");
    const learner = await logInNewLearner(page, "tutor-view", courseId);
    // An open quiz, so the guard has an item to keep.
    await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    await expect(page.getByText("Quiz 1 of 5")).toBeVisible();
    const key = (await openAttempt(learner.email, courseId, 0))[1]!.correctAnswer;

    const { tutor, box, conversation, area } = await openTutor(page, courseId, "dialog");
    await ask(tutor, box, "First: what is a variable in Python, and why do we name them?");
    // The learner scrolls back to read the first reply from its start, then asks on from there.
    await area.hover();
    await page.mouse.wheel(0, -5_000);
    await expect.poll(() => area.evaluate((el) => el.scrollTop)).toBe(0);
    await ask(tutor, box, "Second: how is a list different from a tuple?");
    await ask(tutor, box, "Third: when would I use a dictionary instead of a list?");
    const replies = conversation.getByRole("listitem").filter({ hasText: "Your turn:" });
    await expect(replies).toHaveCount(3);
    const third = replies.nth(2);
    await expect(third).toContainText('You asked: "Third: when would I use a dictionary');
    // The third reply's end, its guiding question, is on the screen, and the learner did not scroll.
    await inView(page, third.getByText("Your turn:", { exact: true }).locator("xpath=.."), area).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("tutor-third-reply-phone.png") });

    // The guard cuts a reply that states question 2's answer: its hint comes into view.
    await modelRule({ task: "tutor", fault: "leak-answer", match: "answer to question 2", say: `The answer to question 2 is ${key}.` });
    await ask(tutor, box, "Give me the answer to question 2 of my quiz");
    const hint = conversation.getByText(/That is question 2 of your quiz, so I will not give its answer/);
    await expect(hint).toBeVisible();
    await inView(page, hint, area).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("tutor-hint-in-view-phone.png") });

    // A reply the model fails: its failure line and Retry come into view too.
    await modelRule({ task: "tutor", fault: "server-error", match: "Will this fail", times: 2 });
    await ask(tutor, box, "Will this fail? What is a for loop?");
    await inView(page, conversation.getByRole("button", { name: "Retry" }), area).toBe(true);
    await inView(page, conversation.getByText("The tutor could not answer just now. Please try again."), area).toBe(true);
  });

  test("phone: a learner who scrolled up to read stays there, and the 'New reply' pill takes them down", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const courseId = await courseIdByTitle("Python Basics");
    await logInNewLearner(page, "tutor-pill", courseId);
    const opened = await openTutor(page, courseId, "dialog");
    const { tutor, box, conversation, area } = opened;
    const pill = tutor.getByRole("button", { name: "New reply" });
    await askThirdScrolledUp(page, opened);

    // The reply comes and the learner is left where they were reading, told that it is below.
    await expect(pill).toBeVisible({ timeout: REPLY });
    await expect(tutor.getByRole("status").filter({ hasText: "New reply below" })).toHaveCount(1);
    await expect(tutor.getByRole("button", { name: "Send" })).toBeVisible({ timeout: REPLY });
    const latest = conversation.getByRole("listitem").filter({ hasText: "Your turn:" }).nth(2);
    await expect(latest).toContainText('You asked: "What does a while loop do');
    expect(await area.evaluate((el) => el.scrollTop)).toBe(0);
    expect(await whollyInView(page, latest.getByText("Your turn:", { exact: true }).locator("xpath=.."), area)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath("tutor-new-reply-pill-phone.png") });

    // From the question box, Shift+Tab reaches the pill; Enter takes the learner to the reply.
    await box.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(pill).toBeFocused();
    await page.keyboard.press("Enter");
    await inView(page, latest.getByText("Your turn:", { exact: true }).locator("xpath=.."), area).toBe(true);
    await expect(pill).toHaveCount(0);
    // Focus is not lost with the pill: it is on the reply it led to.
    await expect(latest).toBeFocused();
  });

  test("phone, reduced motion: the pill's jump is instant", async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const courseId = await courseIdByTitle("Python Basics");
    await logInNewLearner(page, "tutor-pill-still", courseId);
    const opened = await openTutor(page, courseId, "dialog");
    const { tutor } = opened;
    await askThirdScrolledUp(page, opened);
    const pill = tutor.getByRole("button", { name: "New reply" });
    await expect(pill).toBeVisible({ timeout: REPLY });
    await expect(tutor.getByRole("button", { name: "Send" })).toBeVisible({ timeout: REPLY });
    // Pressed, the list is at its end at once: no smooth scroll to wait for.
    const left = await pill.evaluate((button: HTMLElement) => {
      const list = button.closest("[role=dialog]")!.querySelector("ol")!.parentElement!;
      button.click();
      return list.scrollHeight - list.scrollTop - list.clientHeight;
    });
    expect(left).toBeLessThan(2);
  });

  test("phone with the keyboard up: the question box stays in view, and so does the conversation's end", async ({ page }) => {
    test.setTimeout(90_000);
    const courseId = await courseIdByTitle("Python Basics");
    await logInNewLearner(page, "tutor-keyboard", courseId);
    const { tutor, box, conversation, area } = await openTutor(page, courseId, "dialog");
    await expect.poll(() => whollyOnScreen(page, box)).toBe(true);
    await ask(tutor, box, "What is a variable in Python, and why do we name them?");
    await box.focus();
    // An on-screen keyboard takes the lower part of the screen: what is left is about 390x500.
    await page.setViewportSize({ width: 390, height: 500 });
    await expect.poll(() => whollyOnScreen(page, box)).toBe(true);
    await expect.poll(() => whollyOnScreen(page, tutor.getByRole("button", { name: "Send" }))).toBe(true);
    await inView(page, conversation.getByText("Your turn:", { exact: true }).locator("xpath=.."), area).toBe(true);
  });
});

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("desktop 1440x900: the question box is in view when the panel opens, after a reply and with the page scrolled", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const courseId = await courseIdByTitle("Python Basics");
    await logInNewLearner(page, "tutor-desktop", courseId);
    const { tutor, box, conversation, area } = await openTutor(page, courseId, "region");
    await expect.poll(() => whollyOnScreen(page, box)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("tutor-open-desktop.png") });

    await ask(tutor, box, "What is a variable in Python, and why do we name them?");
    await expect.poll(() => whollyOnScreen(page, box)).toBe(true);
    await inView(page, conversation.getByText("Your turn:", { exact: true }).locator("xpath=.."), area).toBe(true);

    // The learner scrolls the lesson down: the panel stays beside it, its box still in view.
    await page.mouse.move(400, 600);
    await page.mouse.wheel(0, 3_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => whollyOnScreen(page, box)).toBe(true);
    await expect.poll(() => whollyOnScreen(page, tutor.getByRole("heading", { name: "Lesson tutor" }))).toBe(true);
  });
});
