import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { field, logInNewLearner, logInThroughUi, uniqueEmail } from "./fixtures/accounts";
import { insertCourse, insertFlaggedCourse, insertThrowawayUsers, withDb } from "./fixtures/admin-db";
import { apiToken, saveProgress } from "./fixtures/api";
import { axeViolations, expectAccessible, isBlocking } from "./fixtures/axe";
import { courseIdByTitle, sectionQuestions } from "./fixtures/database";
import { completeEnrolment, insertTopicWithCourses } from "./fixtures/db";
import { answer, feedbackPanel, moveOn, quizActions, subsectionTitle } from "./fixtures/reader";
import { E2E_ADMIN } from "./fixtures/settings";

/*
 * Every screen of the public, learner and admin areas (every page under app/) scanned with axe
 * (WCAG 2.0/2.1 A and AA and best practices) in the states a user meets: empty lists, filled lists,
 * open dialogs and menus, forms showing their errors, and done states. Each scan runs again in the
 * dark theme with the colour rules (e2e/fixtures/axe.ts), so no screen has a colour-contrast
 * violation in either theme. Serious and critical violations fail; the rest are annotations.
 * Learners are registered per test; the admin only changes throwaway rows it inserted itself.
 */

// An axe scan takes seconds on a busy machine, and most tests here scan a dozen screens.
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/** Opens a path and waits for its h1, so the scan sees the rendered screen rather than a loading state. */
async function open(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  await expect(h1(page)).toBeVisible();
  if (heading) await expect(h1(page)).toHaveText(heading);
}

const interestsDialog = (page: Page) => page.getByRole("dialog", { name: "Select Your Interests" });

async function skipInterests(page: Page) {
  await interestsDialog(page).getByRole("button", { name: "Skip" }).click();
  await expect(interestsDialog(page)).toBeHidden();
}

test("the scan itself: a planted image without a text alternative fails it, and so does text readable only in the light theme", async ({ page }) => {
  await open(page, "/about");
  await page.evaluate(() => {
    const planted = document.createElement("div");
    planted.innerHTML = `<img src="/icons/icon-192.png" id="planted-image">
      <p id="planted-text">Planted text</p>
      <style>@media (prefers-color-scheme: dark) { #planted-text { color: #222; background: #000; } }</style>`;
    document.querySelector("main")!.append(planted);
  });
  const blockingIds = async () =>
    (await axeViolations(page)).filter(isBlocking).map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(",")}`);

  expect(await blockingIds()).toEqual(["image-alt #planted-image"]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await blockingIds()).toEqual(expect.arrayContaining(["image-alt #planted-image", "color-contrast #planted-text"]));
});

test.describe("public area", () => {
  test("home, about and explore", async ({ page }, testInfo) => {
    await open(page, "/", "AI-Powered Learning Built Just for You");
    await expectAccessible(page, testInfo, "/");
    await open(page, "/about");
    await expectAccessible(page, testInfo, "/about");
    await open(page, "/explore", "Explore Your Personalized Learning Topics");
    await expect(page.getByRole("region", { name: /topics/i }).first()).toBeVisible();
    await expectAccessible(page, testInfo, "/explore");
  });

  test("the mobile layout with its menu open", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectAccessible(page, testInfo, "/ (mobile menu open)");
  });

  test("login: empty, with field errors, and after wrong credentials", async ({ page }, testInfo) => {
    await open(page, "/login");
    await expectAccessible(page, testInfo, "/login");

    await field(page, "Email").fill("not-an-email");
    await field(page, "Password").fill("123");
    await field(page, "Email").focus();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expectAccessible(page, testInfo, "/login (field errors)");

    await field(page, "Email").fill(uniqueEmail("nobody"));
    await field(page, "Password").fill("wrong-password");
    await page.getByRole("button", { name: "Show password" }).click();
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /invalid/i }).first()).toBeVisible();
    // The toast comes a moment after the inline message (Sonner loads on the first toast): scanned
    // too. It goes after 2 s unless the pointer rests on it, so it rests there through both scans.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." });
    await expect(toast).toBeVisible();
    await toast.hover();
    await expectAccessible(page, testInfo, "/login (wrong credentials, password shown)");
  });

  test("sign-up and its verify step, with errors", async ({ page }, testInfo) => {
    await open(page, "/signup");
    await expectAccessible(page, testInfo, "/signup");
    await page.getByRole("button", { name: /sign up|create account|register/i }).first().click();
    await expect(page.getByText("Passwords must match").or(page.getByText(/required/)).first()).toBeVisible();
    await expectAccessible(page, testInfo, "/signup (errors)");

    // The verify step as the sign-up form leaves it: the pending data in sessionStorage.
    const email = uniqueEmail("a11y-signup");
    await page.evaluate((e) => sessionStorage.setItem("newUserData", JSON.stringify({ first_name: "Axe", last_name: "Tester", email: e })), email);
    await open(page, "/sign-up-verify-code");
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, testInfo, "/sign-up-verify-code");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByText("Please enter a valid 6-digit code.")).toBeVisible();
    await expectAccessible(page, testInfo, "/sign-up-verify-code (error)");
  });

  test("forgot password: email, code and new password steps, with errors", async ({ page }, testInfo) => {
    await open(page, "/forgot-password");
    await expectAccessible(page, testInfo, "/forgot-password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText(/required/i).first()).toBeVisible();
    await expectAccessible(page, testInfo, "/forgot-password (error)");

    const email = uniqueEmail("a11y-reset");
    await open(page, `/verify-code?email=${encodeURIComponent(email)}`);
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, testInfo, "/verify-code");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByText("Please enter a valid 6-digit code.")).toBeVisible();
    await expectAccessible(page, testInfo, "/verify-code (error)");

    // /verify-code remembered the address, so the reset screen stays.
    await open(page, "/reset-password");
    await expectAccessible(page, testInfo, "/reset-password");
    await page.getByRole("textbox", { name: "New Password", exact: true }).fill("abc");
    await page.getByRole("textbox", { name: "Confirm Password", exact: true }).fill("abcd");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectAccessible(page, testInfo, "/reset-password (errors)");
  });
});

test.describe("public area: the e-mail links' pages and the not-found page", () => {
  /** Answers this API call as the server does when the link's token is good: the done state is what is scanned. */
  const answerWith = (page: Page, path: string, message: string) => page.route(`**${path}*`, (route) => route.fulfill({ json: { message } }));

  test("two-factor notice, recovery cancel and unsubscribe: asking, refused and done", async ({ page }, testInfo) => {
    await open(page, "/two-factor-notice", "Was this you?");
    await expectAccessible(page, testInfo, "/two-factor-notice");
    await page.getByRole("button", { name: "This was me" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectAccessible(page, testInfo, "/two-factor-notice (refused: no token)");
    await answerWith(page, "/two-factor/notice", "Thanks: nothing changes.");
    await page.getByRole("button", { name: "This was me" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thanks: nothing changes." })).toBeVisible();
    await expectAccessible(page, testInfo, "/two-factor-notice (done)");

    await open(page, "/two-factor-recovery", "Cancel the recovery?");
    await expectAccessible(page, testInfo, "/two-factor-recovery");
    await answerWith(page, "/two-factor/recovery/cancel", "The recovery is cancelled.");
    await page.getByRole("main").getByRole("button").first().click();
    await expect(page.getByRole("status").filter({ hasText: "The recovery is cancelled." })).toBeVisible();
    await expectAccessible(page, testInfo, "/two-factor-recovery (done)");

    await open(page, "/unsubscribe", "Unsubscribe from e-mails");
    await expectAccessible(page, testInfo, "/unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
    await expect(page.getByRole("alert").first()).toContainText("This unsubscribe link is incomplete.");
    await expectAccessible(page, testInfo, "/unsubscribe (incomplete link)");
    await answerWith(page, "/reminders/unsubscribe", "You will get no more reminder e-mails.");
    await page.goto("/unsubscribe#token=a-token-from-the-e-mail");
    await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You will get no more reminder e-mails." })).toBeVisible();
    await expectAccessible(page, testInfo, "/unsubscribe (done)");
  });

  test("the not-found page", async ({ page }, testInfo) => {
    await open(page, "/no-such-route", "Page not found");
    await expectAccessible(page, testInfo, "not found");
  });
});

test.describe("learner area", () => {
  test("a new learner: the interests modal, empty lists, menus and the profile form", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await logInNewLearner(page, "a11y-empty");
    await expect(interestsDialog(page)).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard (interests modal open)");
    await interestsDialog(page).getByRole("button", { name: "Python Programming" }).click();
    await expectAccessible(page, testInfo, "/dashboard (interests modal, a topic chosen)");
    await skipInterests(page);
    await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard (nothing enrolled)");

    await page.getByRole("banner").locator('button[aria-haspopup="menu"]').click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard (account menu open)");
    await page.keyboard.press("Escape");

    await open(page, "/dashboard/my-courses", "My Enrolled Courses");
    await expectAccessible(page, testInfo, "/dashboard/my-courses (empty)");
    await open(page, "/dashboard/completed-courses", "Your Completed Courses");
    await expectAccessible(page, testInfo, "/dashboard/completed-courses (empty)");
    await open(page, "/dashboard/learning-feed", "My Learning");
    await expectAccessible(page, testInfo, "/dashboard/learning-feed (Ongoing, empty)");
    await open(page, "/dashboard/learning-feed?tab=completed", "My Learning");
    await expectAccessible(page, testInfo, "/dashboard/learning-feed (Completed, empty)");
    await open(page, "/dashboard/recommended", "Recommended Courses");
    await expectAccessible(page, testInfo, "/dashboard/recommended");

    await open(page, "/dashboard/topic-selection", "Pick Topics You Love");
    await expectAccessible(page, testInfo, "/dashboard/topic-selection");
    await page.getByRole("searchbox").or(page.getByRole("textbox")).first().fill("zzzz-no-such-topic");
    await expect(page.getByRole("status").filter({ hasText: /no topics/i })).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard/topic-selection (no search results)");

    await open(page, "/dashboard/explore-topics", "Explore All Topics");
    await expectAccessible(page, testInfo, "/dashboard/explore-topics");
    const topics = (await (await page.request.get("/topics")).json()) as { id: number; title: string }[];
    await open(page, `/dashboard/topics/${topics[0]!.id}`, topics[0]!.title);
    await expectAccessible(page, testInfo, "/dashboard/topics/{id}");
    await open(page, "/dashboard/topics/2147483647", "Topic not found.");
    await expectAccessible(page, testInfo, "/dashboard/topics/{id} (not found)");

    await open(page, "/dashboard/course-details", "No course selected.");
    await expectAccessible(page, testInfo, "/dashboard/course-details (no course)");
    await open(page, "/dashboard/detail-courses", "No course selected.");
    await expectAccessible(page, testInfo, "/dashboard/detail-courses (no course)");
    await open(page, "/dashboard/detail-courses?courseId=2147483647", "Course not found.");
    await expectAccessible(page, testInfo, "/dashboard/detail-courses (not found)");

    await open(page, "/dashboard/review", "Review");
    await expectAccessible(page, testInfo, "/dashboard/review (nothing to review)");
    await open(page, "/dashboard/progress", "Your progress");
    await expectAccessible(page, testInfo, "/dashboard/progress (nothing practised)");
    await open(page, "/two-factor-setup", "Set up two-factor authentication");
    await expectAccessible(page, testInfo, "/two-factor-setup");

    await open(page, "/dashboard/my-account", "My Account");
    await expectAccessible(page, testInfo, "/dashboard/my-account");
    await field(page, "First Name").fill("");
    await field(page, "Last Name").focus();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard/my-account (error)");
  });

  test("course overview, reader, quiz (question, both result modals, both final screens) and filled lists", async ({ page }, testInfo) => {
    test.setTimeout(360_000);
    const { email, password } = await logInNewLearner(page, "a11y-course");
    await skipInterests(page);
    const courseId = await courseIdByTitle("Python Basics");

    await open(page, `/dashboard/course-details?courseId=${courseId}`, "Python Basics");
    await expectAccessible(page, testInfo, "/dashboard/course-details (not enrolled)");
    await open(page, `/dashboard/detail-courses?courseId=${courseId}`, "Python Basics");
    await expectAccessible(page, testInfo, "reader (not enrolled)");
    await page.getByRole("button", { name: "Enrol to start" }).click();
    await expect(subsectionTitle(page)).toBeVisible();
    await expectAccessible(page, testInfo, "reader (first subsection)");
    // A lesson's code follows the theme: dark paper in the dark theme, white in the light one.
    const code = page.locator("pre.shiki").first();
    const paper = () => code.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await paper()).toBe("rgb(13, 17, 23)");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await paper()).toBe("rgb(255, 255, 255)");
    await open(page, `/dashboard/course-details?courseId=${courseId}`, "Python Basics");
    await expectAccessible(page, testInfo, "/dashboard/course-details (enrolled)");

    // The end of section 1 (Next twice, through the API): Attempt Quiz offered, Next Section disabled with its reason.
    const token = await apiToken(page.request, email, password);
    await saveProgress(page.request, token, courseId, 9, 0, 1);
    await saveProgress(page.request, token, courseId, 18, 0, 2);
    await open(page, `/dashboard/detail-courses?courseId=${courseId}`, "Python Basics");
    await expect(page.getByRole("link", { name: "Attempt Quiz" })).toBeVisible();
    await expectAccessible(page, testInfo, "reader (end of a section, quiz offered)");
    await open(page, `/dashboard/detail-courses?courseId=${courseId}&section=2&sub=0`, "Python Basics");
    await expect(page.getByText("That part of the course is still locked")).toBeVisible();
    await expectAccessible(page, testInfo, "reader (a locked part asked for)");

    // The quiz: a question, Incorrect! with its hint and a second try, Correct!, and the final screens.
    const questions = await sectionQuestions(courseId, 0);
    const total = Math.min(questions.length, 5);
    await open(page, `/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    await expect(page.getByText(`Quiz 1 of ${total}`)).toBeVisible();
    await expectAccessible(page, testInfo, "quiz (question)");
    await page.getByRole("radio").first().check();
    await expectAccessible(page, testInfo, "quiz (option chosen)");
    await scanResultModal(page, testInfo, questions, "wrong");
    await scanResultModal(page, testInfo, questions, "right");
    for (let i = 3; i <= total; i++) await answer(page, questions, "right");
    await expect(page.getByRole("heading", { name: "Try Again!" })).toBeVisible();
    await expectAccessible(page, testInfo, "quiz (Try Again! screen)");
    await page.getByRole("button", { name: "Retry Quiz" }).click();
    // The retry asks other items of the same pool: every one answered right passes.
    for (let i = 1; i <= total; i++) {
      await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
      await answer(page, questions, "right");
    }
    await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
    await expectAccessible(page, testInfo, "quiz (Congratulations! screen)");
    await page.getByRole("link", { name: "Back to Course" }).click();
    await expect(page.getByText("You passed the quiz for")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Course content" })).toContainText("Quiz passed");
    await expectAccessible(page, testInfo, "reader (section quiz passed)");

    // Lists with courses in them: one ongoing, one completed.
    const finished = await courseIdByTitle("Idiomatic Python: Functions, Iterators and Generators");
    await open(page, `/dashboard/detail-courses?courseId=${finished}`);
    await page.getByRole("button", { name: "Enrol to start" }).click();
    await expect(subsectionTitle(page)).toBeVisible();
    await completeEnrolment(email, finished);
    await open(page, "/dashboard", /^Welcome back/);
    await expect(page.getByRole("region", { name: "My Learning", exact: true }).getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard (with courses)");
    await open(page, "/dashboard/my-courses", "My Enrolled Courses");
    await expectAccessible(page, testInfo, "/dashboard/my-courses (with courses)");
    await open(page, "/dashboard/completed-courses", "Your Completed Courses");
    await expectAccessible(page, testInfo, "/dashboard/completed-courses (with a course)");
    await open(page, "/dashboard/learning-feed", "My Learning");
    await expectAccessible(page, testInfo, "/dashboard/learning-feed (Ongoing, with a course)");
    await open(page, "/dashboard/learning-feed?tab=completed", "My Learning");
    await expectAccessible(page, testInfo, "/dashboard/learning-feed (Completed, with a course)");
    await open(page, `/dashboard/course-details?courseId=${finished}`);
    await expectAccessible(page, testInfo, "/dashboard/course-details (completed)");
    await open(page, `/dashboard/course-complete?courseId=${finished}`, "You completed Idiomatic Python: Functions, Iterators and Generators");
    await expectAccessible(page, testInfo, "/dashboard/course-complete");
    await page.getByTestId("certificate-link").click();
    await expect(h1(page)).toHaveText("Certificate of completion");
    await expectAccessible(page, testInfo, "/certificates/{id}");

    // What the quiz above left: concepts practised, and the miss due for review.
    await open(page, "/dashboard/progress", "Your progress");
    await expectAccessible(page, testInfo, "/dashboard/progress (a course practised)");
    await open(page, "/dashboard/review", "Review");
    await page.getByRole("radiogroup").getByRole("radio").first().check();
    await expectAccessible(page, testInfo, "/dashboard/review (a card, an option chosen)");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(feedbackPanel(page)).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard/review (feedback)");
  });

  test("a course still being generated: overview and reader", async ({ page }, testInfo) => {
    const [title] = await insertTopicWithCourses(`A11y generating ${unique()}`, 1);
    const courseId = await courseIdByTitle(title!);
    await logInNewLearner(page, "a11y-generating");
    await skipInterests(page);
    await open(page, `/dashboard/course-details?courseId=${courseId}`, title);
    await expectAccessible(page, testInfo, "/dashboard/course-details (generating)");
    await open(page, `/dashboard/detail-courses?courseId=${courseId}`, title);
    await expectAccessible(page, testInfo, "reader (generating)");
  });
});

/** Answers the question on screen and scans the Correct!/Incorrect! feedback panel before moving on. */
async function scanResultModal(page: Page, testInfo: Parameters<typeof expectAccessible>[1], questions: Awaited<ReturnType<typeof sectionQuestions>>, how: "right" | "wrong") {
  const legend = (await page.locator("legend").textContent())!.trim();
  const question = questions.find((q) => q.question.replace(/`([^`]+)`/g, "$1") === legend)!;
  const option = how === "right" ? question.correctAnswer : question.options.find((o) => o !== question.correctAnswer)!;
  await page.getByRole("radiogroup").getByRole("radio", { name: option.replace(/`([^`]+)`/g, "$1"), exact: true }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const panel = feedbackPanel(page);
  await expect(panel.getByRole("heading", { name: how === "right" ? "Correct!" : "Incorrect!" })).toBeVisible();
  await expectAccessible(page, testInfo, `quiz (${how === "right" ? "Correct!" : "Incorrect!"} feedback)`);
  if (how === "wrong") {
    // The second try, right: the item is final, the pick and the right option marked in place.
    await page.getByRole("radiogroup").getByRole("radio", { name: question.correctAnswer.replace(/`([^`]+)`/g, "$1"), exact: true }).check();
    await quizActions(page).getByRole("button", { name: "Submit second try" }).click();
    await expect(page.getByRole("radiogroup").locator("label[data-mark=right]")).toHaveCount(1);
    await expectAccessible(page, testInfo, "quiz (second try, final feedback)");
  }
  await moveOn(page).click();
}

test.describe("admin area", () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("analytics, questions and generation", async ({ page }, testInfo) => {
    await open(page, "/admin", "Analytics");
    await expectAccessible(page, testInfo, "/admin");
    await open(page, "/admin/questions", "Questions");
    await expectAccessible(page, testInfo, "/admin/questions");
    await open(page, "/admin/questions?filter=review", "Questions");
    await expectAccessible(page, testInfo, "/admin/questions (flagged for review)");

    // A failed course so the generation page shows its tables and the log dialog.
    const name = `A11y failed ${unique()}`;
    await withDb(async (client) => {
      const topic = await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'Inserted by accessibility.spec.ts.') RETURNING id", [name]);
      await client.query(
        `INSERT INTO courses (topic_id, title, description, level, generation_status, generation_error, generation_attempt)
         VALUES ($1, $2, 'A course inserted by the e2e tests.', 'Beginner', 'failed', 'The model answered with invalid JSON.', 1)`,
        [topic.rows[0]!.id, `${name} course`],
      );
    });
    await open(page, "/admin/generation", "Generation");
    await expectAccessible(page, testInfo, "/admin/generation");
    const logButton = page.getByRole("button", { name: new RegExp(`log.*${name} course`, "i") }).first();
    if (await logButton.count()) {
      await logButton.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, testInfo, "/admin/generation (log dialog)");
    } else {
      testInfo.annotations.push({ type: "note", description: "no log button found for the failed course" });
    }
  });

  test("a course's page and review screen, the reports queue with machine checks, a topic's sources and a user's page", async ({ page }, testInfo) => {
    const title = `A11y flagged ${unique()}`;
    const { topicId, courseId, flags } = await insertFlaggedCourse(title);
    await open(page, `/admin/courses/${courseId}`, `${title} course`);
    await expectAccessible(page, testInfo, "/admin/courses/{id}");
    await open(page, `/admin/courses/${courseId}/review`, `Review: ${title} course`);
    await expectAccessible(page, testInfo, "/admin/courses/{id}/review");

    await open(page, "/admin/reports", "Reports");
    // The lesson's group and the item's, each with its check: the major one in red.
    const checks = page.getByRole("list", { name: "Machine checks" });
    await expect(checks.getByRole("listitem").filter({ hasText: flags[0] })).toHaveText(`Grounding check, major: ${flags[0]}`);
    await expect(checks.getByRole("listitem").filter({ hasText: flags[1] })).toHaveText(`Citation check, minor: ${flags[1]}`);
    await expectAccessible(page, testInfo, "/admin/reports (machine checks, major and minor)");

    await open(page, `/admin/topics/${topicId}/sources`, `Sources of ${title}`);
    await expectAccessible(page, testInfo, "/admin/topics/{id}/sources");

    const [userId] = await insertThrowawayUsers([`a11y${unique()}@e2e.learnpath.test`]);
    await open(page, `/admin/users/${userId}`);
    await expectAccessible(page, testInfo, "/admin/users/{id}");
  });

  test("users: the table, no search results, the edit dialog with an error, and the delete confirmation", async ({ page }, testInfo) => {
    const tag = `a11y${unique()}`;
    const [email, victim] = [`${tag}-a@e2e.learnpath.test`, `${tag}-b@e2e.learnpath.test`];
    await insertThrowawayUsers([email, victim]);

    await open(page, "/admin/users", "Manage Users");
    await expectAccessible(page, testInfo, "/admin/users");
    await open(page, "/admin/users?search=no-such-user-anywhere", "Manage Users");
    await expectAccessible(page, testInfo, "/admin/users (no results)");

    await open(page, `/admin/users?search=${tag}`, "Manage Users");
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `Edit ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/users (edit dialog)");
    await field(page, "First Name").fill("");
    await field(page, "Last Name").focus();
    await expect(dialog.getByText("First Name is required")).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/users (edit dialog with an error)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("row").filter({ hasText: victim }).getByRole("button", { name: `Delete ${victim}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete User" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/users (delete confirmation)");
    await confirm.getByRole("button", { name: "Cancel" }).click();
  });

  test("topics: the table, add with errors, edit, delete confirmation and View Courses", async ({ page }, testInfo) => {
    const title = `A11y Topic ${unique()}`;
    const topicId = await withDb(
      async (client) => (await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, 'Inserted by accessibility.spec.ts.') RETURNING id", [title])).rows[0]!.id,
    );
    await insertCourse(topicId, { title: "Generated course", level: "Beginner", status: "done" });
    await insertCourse(topicId, { title: "Generating course", level: "Intermediate", status: "running" });
    await insertCourse(topicId, { title: "Failed course", level: "Advanced", status: "failed" });

    await open(page, "/admin/topics", "Manage Topics");
    await expectAccessible(page, testInfo, "/admin/topics");
    await open(page, "/admin/topics?search=no-such-topic-anywhere", "Manage Topics");
    await expectAccessible(page, testInfo, "/admin/topics (no results)");

    await open(page, `/admin/topics?search=${encodeURIComponent(title)}`, "Manage Topics");
    await page.getByRole("button", { name: "Add Topic" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Topic" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/topics (add dialog)");
    await dialog.getByRole("button", { name: "Add Topic" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/topics (add dialog with errors)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    dialog = page.getByRole("dialog", { name: "Edit Topic" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/topics (edit dialog)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await row.getByRole("button", { name: `View Courses of ${title}` }).click();
    dialog = page.getByRole("dialog", { name: `Courses of ${title}` });
    await expect(dialog.getByRole("listitem")).toHaveCount(3);
    await expectAccessible(page, testInfo, "/admin/topics (View Courses dialog)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Topic" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, testInfo, "/admin/topics (delete confirmation)");
    await confirm.getByRole("button", { name: "Cancel" }).click();
  });
});
