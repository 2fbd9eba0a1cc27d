import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { completeEnrolment, insertTopicWithCourses } from "./fixtures/db";
import { seededCourseDuration } from "./fixtures/durations";

// The learner's course lists: the dashboard's interests modal and carousels, My Enrolled Courses,
// Recommended Courses and Completed Courses. Every test uses its own fresh learner (state changes).
// The reader itself is built elsewhere: only the URL it opens is checked here.

type Topic = { id: number; title: string; courses: { id: number; course_title: string }[] };

const READER_URL = /\/dashboard\/detail-courses\?courseId=(\d+)$/;

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/log_in", { form: { username: email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function allTopics(request: APIRequestContext): Promise<Topic[]> {
  const response = await request.get("/topics");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Topic[];
}

const interestsDialog = (page: Page) => page.getByRole("dialog", { name: "Select Your Interests" });
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** A course card's one link, on its title. */
const cardLink = (scope: Page | Locator, title: string) => scope.getByRole("link", { name: title, exact: true });
/** A course card: the list item holding that link, with the card's badges, progress and description. */
const card = (scope: Page | Locator, title: string) =>
  scope.getByRole("listitem").filter({ has: ("goto" in scope ? scope : scope.page()).getByRole("link", { name: title, exact: true }) });

test("a new learner sees the interests modal; Skip hides it for the rest of the session", async ({ page, context }) => {
  await logInNewLearner(page, "lists-skip");

  const dialog = interestsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog).toBeHidden();

  // Still skipped after a reload in this tab (the flag lives in sessionStorage)...
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome/);
  // Once the arrows scroll the row the page is hydrated, so the modal would have opened by now.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Scroll Recommended for You courses right" }).click();
  await expect.poll(() => page.getByRole("region", { name: "Recommended for You courses" }).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(interestsDialog(page)).toBeHidden();

  // ...but a new tab is a new session: the learner still has no interests, so it comes back there.
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(interestsDialog(other)).toBeVisible();
});

test("a new learner: empty My Learning, My Enrolled Courses and Completed Courses, with every course recommended", async ({ page }) => {
  await logInNewLearner(page, "lists-empty");
  await interestsDialog(page).getByRole("button", { name: "Skip" }).click();

  const myLearning = section(page, "My Learning");
  await expect(myLearning).toContainText("You haven't enrolled in any courses yet.");
  await expect(myLearning.getByRole("link", { name: /^See more/ })).toHaveAttribute("href", "/dashboard/my-courses");
  const recommended = section(page, "Recommended for You");
  await expect(recommended.getByRole("link", { name: /^See more/ })).toHaveAttribute("href", "/dashboard/recommended");
  // Without interests every topic is recommended; the row shows up to 10.
  await expect(recommended.getByRole("listitem")).toHaveCount(10);
  await expect(recommended).toContainText(/Generated|Generating/);
  // Each card's duration is the estimate of its content: minutes below an hour.
  await expect(recommended.getByTestId("course-duration").first()).toHaveText(/^\d+ min of learning$|^[\d.]+h of learning$/);
  await expect(recommended).not.toContainText("40h");

  await myLearning.getByRole("link", { name: /^See more/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-courses$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Enrolled Courses");
  await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

  await page.goto("/dashboard/completed-courses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Completed Courses");
  await expect(page.getByText("No courses completed yet.")).toBeVisible();

  await page.goto("/dashboard/recommended");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recommended Courses");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(12);
  // Recommended cards have no progress.
  await expect(page.getByRole("main").getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("No recommended courses available.")).toHaveCount(0);
});

test("interests chosen in the modal lead the recommendations; a recommended course enrols and opens the reader", async ({ page }) => {
  await logInNewLearner(page, "lists-enrol");

  const dialog = interestsDialog(page);
  await dialog.getByRole("button", { name: "Python Programming" }).click();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog).toBeHidden();

  // The two Python courses come first, Beginner before Intermediate.
  const recommended = section(page, "Recommended for You");
  await expect(recommended.getByRole("heading", { level: 3 }).nth(0)).toHaveText("Python Basics");
  await expect(recommended.getByRole("heading", { level: 3 }).nth(1)).toHaveText(/^Idiomatic Python/);

  const basics = card(recommended, "Python Basics");
  await expect(basics).toContainText("Beginner");
  await expect(basics.getByTestId("course-duration")).toHaveText(`${seededCourseDuration("Python Basics")} of learning`);
  await cardLink(recommended, "Python Basics").click();
  await expect(page).toHaveURL(READER_URL);
  const courseId = READER_URL.exec(page.url())![1];

  await page.goto("/dashboard");
  const mine = card(section(page, "My Learning"), "Python Basics");
  await expect(mine).toContainText("0% completed");
  await expect(mine.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await expect(cardLink(mine, "Python Basics")).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}`);
  // Enrolled courses are no longer recommended.
  await expect(card(section(page, "Recommended for You"), "Python Basics")).toHaveCount(0);
  await expect(section(page, "Recommended for You").getByRole("heading", { level: 3 }).first()).toHaveText(/^Idiomatic Python/);

  await page.goto("/dashboard/my-courses");
  const enrolled = card(page.getByRole("main"), "Python Basics");
  await expect(enrolled).toContainText("0% completed");
  await expect(enrolled).toContainText("Beginner");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

  // The Recommended Courses page enrols too.
  await page.goto("/dashboard/recommended");
  await expect(card(page.getByRole("main"), "Python Basics")).toHaveCount(0);
  await cardLink(page.getByRole("main"), "Idiomatic Python: Functions, Iterators and Generators").click();
  await expect(page).toHaveURL(READER_URL);
  await page.goto("/dashboard/my-courses");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);
});

test("a failed enrolment shows the server's message and leaves the learner on the page", async ({ page }) => {
  await logInNewLearner(page, "lists-fail");
  await interestsDialog(page).getByRole("button", { name: "Skip" }).click();
  await page.goto("/dashboard/recommended");
  await page.route("**/enroll", (route) => route.fulfill({ status: 404, json: { detail: "Course not found." } }));

  await page.getByRole("main").getByRole("link").first().click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Course not found.");
  await expect(page).toHaveURL(/\/dashboard\/recommended$/);
  await page.goto("/dashboard/my-courses");
  await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
});

test("more than 12 enrolled courses page on My Enrolled Courses; finished courses show as completed", async ({ page, request }) => {
  const { email, password } = await createLearner(request, "lists-paging");
  // The seeded catalogue has exactly 12 courses: add two so the learner's list needs a second page.
  const inserted = await insertTopicWithCourses(`Paging ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, 2);
  const token = await apiToken(request, email, password);
  const courses = (await allTopics(request)).flatMap((t) => t.courses);
  expect(courses.length).toBeGreaterThan(12);
  for (const course of courses) {
    const enrolled = await request.post("/enroll", { data: { course_id: course.id }, headers: { authorization: `Bearer ${token}` } });
    expect(enrolled.status()).toBe(201);
  }
  const finished = courses.find((c) => c.course_title === "SQL Essentials")!;
  await completeEnrolment(email, finished.id);

  await logInToDashboard(page, email, password);
  await page.goto("/dashboard/my-courses");
  const main = page.getByRole("main");
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(main.getByRole("listitem")).toHaveCount(12);
  await expect(pager).toContainText(/Page 1 of \d+/);
  // Cards by the course each links to (titles may repeat across topics other specs add), and by title.
  const cardsShown = () =>
    main.getByRole("listitem").evaluateAll((items) => items.map((li) => ({ href: li.querySelector("a[href*='courseId=']")?.getAttribute("href") ?? "", title: li.querySelector("h2")?.textContent ?? "" })));
  const firstPage = await cardsShown();

  // Every page after the first, 12 a page, each course once. Other specs add and delete topics on
  // the same server meanwhile, so the pager's count is the truth; this test's own courses and two
  // seeded ones must be there.
  const pages = Number((await pager.textContent())!.match(/Page 1 of (\d+)/)![1]);
  expect(pages).toBeGreaterThanOrEqual(2);
  const seen = [...firstPage];
  for (let p = 2; p <= pages; p++) {
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/my-courses\\?page=${p}$`));
    await expect(pager).toContainText(`Page ${p} of`);
    const cards = await cardsShown();
    if (p < pages) expect(cards).toHaveLength(12);
    seen.push(...cards);
  }
  expect(new Set(seen.map((c) => c.href)).size).toBe(seen.length);
  for (const title of ["SQL Essentials", "Python Basics", ...inserted]) expect(seen.map((c) => c.title)).toContain(title);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-courses\\?page=${pages - 1}$`));

  // A learner enrolled in everything has nothing left to recommend: none of their courses is
  // offered again (specs running meanwhile may add catalogue courses, which may be offered).
  await page.goto("/dashboard/recommended");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recommended Courses");
  const enrolledTitles = new Set(courses.map((c) => c.course_title));
  const offered = await page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 }).allTextContents();
  expect(offered.filter((title) => enrolledTitles.has(title))).toEqual([]);
  if (!offered.length) await expect(page.getByText("No recommended courses available.")).toBeVisible();

  // The finished course: Completed badge, full bar, '100% completed', its level, a link to the reader.
  await page.goto("/dashboard/completed-courses");
  await expect(main.getByRole("listitem")).toHaveCount(1);
  const done = card(main, "SQL Essentials");
  await expect(done).toContainText("Completed");
  await expect(done).toContainText("100% completed");
  await expect(done).toContainText("Beginner");
  await expect(done.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(cardLink(done, "SQL Essentials")).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${finished.id}`);
});

test("on a phone the dashboard rows scroll sideways but the page does not", async ({ page, request }) => {
  const { email, password } = await createLearner(request, "lists-phone");
  await page.setViewportSize({ width: 390, height: 844 });
  await logInToDashboard(page, email, password);
  await interestsDialog(page).getByRole("button", { name: "Skip" }).click();
  await expect(interestsDialog(page)).toBeHidden();

  const row = page.getByRole("region", { name: "Recommended for You courses" });
  await page.getByRole("button", { name: "Scroll Recommended for You courses right" }).click();
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
