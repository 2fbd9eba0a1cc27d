import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { allWrong, apiToken, enrolThroughApi, quizQuestions, rightAnswers, saveProgress, submitQuiz } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { seededCourseDuration, seededLessonMinutes, seededMinutesFrom } from "./fixtures/durations";
import { formatLearningTime } from "../lib/catalogue/courses/duration";
import { percent, subsectionTitle } from "./fixtures/reader";
import { E2E_LEARNER } from "./fixtures/settings";

// The course overview (/dashboard/course-details?courseId=). Python Basics (seeded, Beginner, about 45 min) has four
// sections of 3, 2, 2 and 3 subsections: Next adds 9 %, a first quiz pass 7 %. Fresh learners for any state.

const COURSE = "Python Basics";
const SECTIONS = ["Variables and Types", "Control Flow", "Functions", "Lists and Dictionaries"];
const SUBSECTIONS = [
  ["Running Python and Your First Program", "Variables and Assignment", "Numbers, Strings and Booleans"],
  ["Comparisons and if/elif/else", "Loops with for and while"],
  ["Defining and Calling Functions", "Parameters, Defaults and Scope"],
  ["Lists", "Dictionaries", "Working with Lists and Dictionaries Together"],
];

let courseId: number;
test.beforeAll(async () => {
  courseId = await courseIdByTitle(COURSE);
});

const overview = (page: Page) => page.goto(`/dashboard/course-details?courseId=${courseId}`);
const sections = (page: Page) => page.getByRole("region", { name: "Sections" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
const states = (page: Page) => page.getByTestId("section-state");
/** The state labels in order (each badge starts with a decorative icon: a character, or an SVG with no text). */
const labels = (...names: string[]) => names.map((name) => new RegExp(`^(\\S+)?\\s*${name}$`, "u"));

test("learner: without a course id or with an unknown one the overview says so", async ({ page }) => {
  await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
  await page.goto("/dashboard/course-details");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No course selected.");
  await page.goto("/dashboard/course-details?courseId=abc");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No course selected.");
  await page.goto("/dashboard/course-details?courseId=999999");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course not found.");
});

test("learner: a course not enrolled in shows its overview with every section locked; 'Enrol and start' opens the reader", async ({ page }) => {
  await logInNewLearner(page, "overview-enrol");
  await overview(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE);
  await expect(page.getByRole("main").locator("header").getByText("Beginner", { exact: true })).toBeVisible();
  await expect(page.getByText("Write your first real Python programs from scratch.")).toBeVisible();
  await expect(page.getByRole("definition").first()).toHaveText(seededCourseDuration(COURSE));
  await expect(sections(page)).toHaveCount(4);
  for (const [i, title] of SECTIONS.entries()) {
    const section = sections(page).nth(i);
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(`${i + 1}. ${title}`);
    await expect(section.getByRole("listitem")).toHaveText(SUBSECTIONS[i]!);
  }
  await expect(states(page)).toHaveText(labels("Locked", "Locked", "Locked", "Locked"));
  await expect(page.getByRole("link", { name: "Continue" })).toHaveCount(0);

  await page.getByRole("button", { name: "Enrol and start" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/detail-courses\\?courseId=${courseId}$`));
  await expect(subsectionTitle(page)).toHaveText(SUBSECTIONS[0]![0]!);

  // The reader links back to the overview, which now shows the enrolment.
  await page.getByRole("link", { name: "Course overview" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course-details\\?courseId=${courseId}$`));
  await expect(percent(page)).toHaveText("0%");
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "0");
  await expect(states(page)).toHaveText(labels("In progress", "Locked", "Locked", "Locked"));
  await expect(page.getByRole("button", { name: "Enrol and start" })).toHaveCount(0);
  // Nothing read yet: the whole course is left.
  await expect(page.getByTestId("time-left")).toHaveText(`${seededCourseDuration(COURSE)} left`);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(subsectionTitle(page)).toHaveText(SUBSECTIONS[0]![0]!);
});

test("learner: the overview shows passed, review and locked sections and the overall percent; Continue resumes where the learner stopped", async ({ page, request }) => {
  const { email, password } = await createLearner(request, "overview-progress");
  const token = await apiToken(request, email, password);
  await enrolThroughApi(request, token, courseId);
  // Read section 1 to its end (9 % + 9 %), pass its quiz (+7 % = 25 %), then fail section 2's quiz.
  await saveProgress(request, token, courseId, 9, 0, 1);
  await saveProgress(request, token, courseId, 18, 0, 2);
  expect((await (await submitQuiz(request, token, courseId, 0, await rightAnswers(await quizQuestions(request, token, courseId, 0)))).json()).passed).toBe(true);
  expect((await (await submitQuiz(request, token, courseId, 1, await allWrong(await quizQuestions(request, token, courseId, 1)))).json()).passed).toBe(false);

  await logInToDashboard(page, email, password);
  await overview(page);
  await expect(percent(page)).toHaveText("25%");
  await expect(page.getByRole("progressbar", { name: "Course progress" })).toHaveAttribute("aria-valuenow", "25");
  await expect(states(page)).toHaveText(labels("Quiz passed", "Review", "Locked", "Locked"));
  // Section 1 is done: the time left is sections 2 to 4, lessons and quizzes.
  const left = `${formatLearningTime(seededMinutesFrom(COURSE, 1))} left`;
  await expect(page.getByTestId("time-left")).toHaveText(left);

  // Continue: the furthest open subsection, the first of section 2.
  const resume = page.getByRole("link", { name: "Continue" });
  await expect(resume).toHaveAttribute("href", `/dashboard/detail-courses?courseId=${courseId}&section=1&sub=0`);
  await resume.click();
  await expect(subsectionTitle(page)).toHaveText(SUBSECTIONS[1]![0]!);
  await expect(percent(page)).toHaveText("25%");
  // The reader: the lesson's reading time, each lesson's in the outline, and the same time left.
  await expect(page.getByTestId("lesson-minutes")).toHaveText(`${seededLessonMinutes(COURSE, 1, 0)} min read`);
  await expect(page.getByRole("navigation", { name: "Course content" }).getByTestId("time-left")).toHaveText(left);
  const lessonRow = page.getByRole("navigation", { name: "Course content" }).getByRole("link", { name: SUBSECTIONS[1]![0]!, exact: true }).locator("..");
  await expect(lessonRow.getByTestId("outline-lesson-minutes")).toHaveText(`${seededLessonMinutes(COURSE, 1, 0)} min read`);
});
