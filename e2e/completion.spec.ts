import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { apiToken, enrolThroughApi } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { seededCourseMinutes } from "./fixtures/durations";
import { addReading, finishCourse } from "./fixtures/learner-state";

/*
 * Feedback that motivates (docs/product-rules.md): a finished course's completion screen (sections, quiz
 * scores, time spent) with a certificate at a stable, shareable address; the dashboard's streak
 * and this week's days, counted in the learner's own time zone.
 */

const COURSE = "Python Basics";
const COURSE_MINUTES = seededCourseMinutes(COURSE);

test("a finished course: the reader leads to the completion screen, and its certificate is shareable", async ({ page, browser }) => {
  const { email, password } = await createLearner(page.request, "complete");
  const courseId = await courseIdByTitle(COURSE);
  await enrolThroughApi(page.request, await apiToken(page.request, email, password), courseId);
  await finishCourse(email, courseId);
  await addReading(email, courseId, [new Date(Date.now() - 60 * 60_000), new Date(Date.now() - 30 * 60_000), new Date()]);
  await logInToDashboard(page, email, password);

  // The last lesson of the course.
  await page.goto(`/dashboard/detail-courses?courseId=${courseId}&section=3&sub=2`);
  await expect(page.getByText("You have finished every section of this course.")).toBeVisible();
  await page.getByRole("link", { name: "See what you learned" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/course-complete\\?courseId=${courseId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You completed ${COURSE}`);
  const learned = page.getByRole("region", { name: "What you learned" }).getByRole("listitem");
  await expect(learned).toHaveCount(4);
  for (const item of await learned.all()) await expect(item).toContainText("Quiz: 5 of 5");
  // Three quarter hours of reading (the quizzes were in the last one).
  await expect(page.getByRole("definition").filter({ hasText: /^About \d+ min$|^About [\d.]+h$/ })).toHaveText(/About (45 min|1h)/);
  // Beside it, the course's estimate from its content, as its cards show it.
  await expect(page.getByRole("definition").filter({ hasText: /^\d+ min$/ })).toHaveText(`${COURSE_MINUTES} min`);

  const link = page.getByTestId("certificate-link");
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/certificates\/[A-Za-z0-9_-]{22}$/);
  // The same address every time: it is the learner's to share.
  await page.reload();
  await expect(page.getByTestId("certificate-link")).toHaveAttribute("href", href);

  // Anyone with the link, signed in or not, sees the certificate: name, course, date; nothing else.
  const stranger = await browser.newContext();
  const view = await stranger.newPage();
  await view.goto(href);
  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Certificate of completion");
  await expect(view.getByTestId("certificate-name")).toHaveText("Jo Journey");
  await expect(view.getByTestId("certificate-course")).toHaveText(COURSE);
  await expect(view.locator("time")).toHaveText(/\d{1,2} \w+ \d{4}/);
  await expect(view.getByRole("main")).not.toContainText(email);
  await expect(view.getByRole("button", { name: "Print certificate" })).toBeVisible();
  expect(await view.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute("content"))).toContain("noindex");
  // A made-up id is simply not found.
  const missing = await view.goto("/certificates/00000000-0000-4000-8000-000000000000");
  expect(missing!.status()).toBe(404);
  await stranger.close();
});

test("an unfinished course has no completion screen yet", async ({ page }) => {
  const courseId = await courseIdByTitle(COURSE);
  await logInNewLearner(page, "not-complete", courseId);
  await page.goto(`/dashboard/course-complete?courseId=${courseId}`);
  await expect(page.getByText("You have not finished this course yet")).toBeVisible();
  await expect(page.getByTestId("certificate-link")).toHaveCount(0);
});

test.describe("the streak, in the learner's time zone", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("reading today and yesterday makes a 2-day streak and two days of this week", async ({ page }) => {
    const courseId = await courseIdByTitle(COURSE);
    const { email } = await logInNewLearner(page, "streak", courseId);
    await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
    const card = page.getByRole("region", { name: "Your learning this week" });
    await expect(card.getByTestId("streak")).toHaveText("No streak yet");
    // The first dashboard counts the week in the browser and remembers its zone for the server.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "tz")?.value).toBe("Pacific/Auckland");

    // Reading a lesson counts for today.
    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(page.getByRole("heading", { level: 2, name: "Running Python and Your First Program" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(card.getByTestId("streak")).toHaveText(/^1-day streak/);
    // From then on the server sends the streak in the page itself, counted in the remembered zone.
    const html = await (await page.request.get("/dashboard")).text();
    expect(html).toContain("1-day streak");

    // And yesterday, in Auckland (24 hours ago is always yesterday there too).
    await addReading(email, courseId, [new Date(Date.now() - 24 * 60 * 60_000)]);
    await page.reload();
    await expect(card.getByTestId("streak")).toHaveText(/^2-day streak/);
    const today = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "Pacific/Auckland" }).format(new Date());
    const week = card.getByRole("list", { name: /^This week: \d of 7 days with learning$/ });
    await expect(week.getByRole("listitem").filter({ hasText: today })).toContainText("learned, today");
    // Monday's day, or today's and yesterday's, in this week.
    await expect(week).toHaveAttribute("aria-label", today === "Mon" ? "This week: 1 of 7 days with learning" : "This week: 2 of 7 days with learning");

    // A learner who has moved since (the cookie says UTC, the browser is in Auckland) gets the
    // week counted again where they are now.
    await page.context().addCookies([{ name: "tz", value: "UTC", url: page.url() }]);
    await page.reload();
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "tz")?.value).toBe("Pacific/Auckland");
    await expect(week.getByRole("listitem").filter({ hasText: today })).toContainText("learned, today");
  });

  test("a time-zone cookie that is not a time zone is ignored: the browser counts the week", async ({ page }) => {
    await logInNewLearner(page, "bad-zone");
    await page.context().addCookies([{ name: "tz", value: "Mars/Olympus_Mons", url: page.url() }]);
    const html = await (await page.request.get("/dashboard")).text();
    expect(html).not.toContain("No streak yet"); // the server drew only the placeholder
    await page.reload();
    await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();
    await expect(page.getByRole("region", { name: "Your learning this week" }).getByTestId("streak")).toHaveText("No streak yet");
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "tz")?.value).toBe("Pacific/Auckland");
  });
});
