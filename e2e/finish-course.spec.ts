import { join } from "node:path";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInToDashboard } from "./fixtures/accounts";
import { expectAccessible } from "./fixtures/axe";
import { apiToken, enrolThroughApi, quizQuestions, rightAnswers, submitQuiz } from "./fixtures/api";
import { withE2eDb } from "./fixtures/db";
import { courseIdByTitle, sectionQuestions } from "./fixtures/database";
import { answer } from "./fixtures/reader";
import { E2E_BASE_URL } from "./fixtures/settings";

/*
 * The finish moment, on a phone (docs/product-rules.md, "Feedback: streak, completion,
 * certificates"): the last quiz's "Congratulations!" says what the pass earned and offers "Finish
 * the course", which opens the completion screen: the certificate with its random verification
 * id, a link to copy, an "Add to LinkedIn" link, a print of the certificate alone on one page, and
 * what to learn next. The certificate's public page opens by that id only.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, permissions: ["clipboard-read", "clipboard-write"] });

const COURSE = "Python Basics";
const LAST_SECTION = 3;

test("phone: the last quiz's pass leads to 'Finish the course', the completion screen and a certificate to share by its id", async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const courseId = await courseIdByTitle(COURSE);
  const { email, password } = await createLearner(page.request, "finish");
  const token = await apiToken(page.request, email, password);
  await enrolThroughApi(page.request, token, courseId);
  // Every section but the last passed through the API.
  for (let section = 0; section < LAST_SECTION; section++) {
    const passed = await submitQuiz(page.request, token, courseId, section, await rightAnswers(await quizQuestions(page.request, token, courseId, section)));
    expect(((await passed.json()) as { passed: boolean }).passed).toBe(true);
  }
  await logInToDashboard(page, email, password);

  // The last quiz, answered rightly in the browser.
  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=${LAST_SECTION}`);
  const questions = await sectionQuestions(courseId, LAST_SECTION);
  const total = Number((await page.getByText(/^Quiz 1 of \d+$/).textContent())!.split(" of ")[1]);
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Quiz ${i} of ${total}`)).toBeVisible();
    await answer(page, questions, "right");
  }

  // The result is announced and takes the focus; it says what the pass earned and that the course is done.
  const result = page.getByRole("heading", { name: "Congratulations!" });
  await expect(result).toBeFocused();
  await expect(page.getByTestId("quiz-announcement")).toHaveText(`Congratulations! You passed the quiz: ${total} of ${total} right.`);
  await expect(page.getByText("That was the last quiz: you have finished the course.")).toBeVisible();
  const earned = page.getByRole("region", { name: "What this pass earned" });
  await expect(earned).toContainText("Course progress: 100%");
  await expect(earned).toContainText(/Not tried yet → (Learning|Mastered)/);
  await expect(earned.getByTestId("quiz-streak")).toHaveText("A 1-day streak: come back tomorrow to make it two.");
  // "Finish the course" is the primary action, before "Back to Course".
  const actions = page.getByRole("link", { name: /^(Finish the course|Back to Course)$/ });
  await expect(actions).toHaveText(["Finish the course", "Back to Course"]);
  await expectAccessible(page, testInfo, "the last quiz's result");
  await page.getByRole("link", { name: "Finish the course" }).click();

  // The completion screen: the course, the time, the concepts, the certificate.
  await expect(page).toHaveURL(new RegExp(`/dashboard/course-complete\\?courseId=${courseId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You completed ${COURSE}`);
  await expect(page.getByRole("definition").filter({ hasText: /^About / })).toBeVisible();
  await expect(page.getByTestId("concepts-mastered-count")).toHaveText(/^\d+ of \d+$/);
  const certificate = page.getByTestId("certificate");
  await expect(certificate.getByTestId("certificate-name")).toHaveText("Jo Journey");
  await expect(certificate.getByTestId("certificate-course")).toHaveText(COURSE);
  const id = (await certificate.getByTestId("certificate-id").textContent())!;
  expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const url = `${E2E_BASE_URL}/certificates/${id}`;
  await expect(page.getByTestId("certificate-link")).toHaveAttribute("href", `/certificates/${id}`);
  await expect(page.getByTestId("certificate-link")).toHaveText(url);
  // For the record (not on CI): the phone's first screen of it, and all of it.
  if (process.env.E2E_SHOTS_DIR) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.screenshot({ path: join(process.env.E2E_SHOTS_DIR, "completion.png") });
    await page.screenshot({ path: join(process.env.E2E_SHOTS_DIR, "completion-full.png"), fullPage: true });
  }

  await expectAccessible(page, testInfo, "the completion screen");

  // Copy link: the button says "Copied", a screen reader hears it, and the clipboard holds the address.
  const copy = page.getByRole("button", { name: "Copy link" });
  await copy.click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Add to LinkedIn: LinkedIn's add-to-profile form, filled in, in a new tab.
  const linkedIn = page.getByRole("link", { name: "Add to LinkedIn (opens in a new tab)" });
  await expect(linkedIn).toHaveAttribute("target", "_blank");
  const add = new URL((await linkedIn.getAttribute("href"))!);
  expect(add.origin + add.pathname).toBe("https://www.linkedin.com/profile/add");
  const now = new Date();
  expect(Object.fromEntries(add.searchParams)).toEqual({
    startTask: "CERTIFICATION_NAME",
    name: COURSE,
    organizationName: "LearnPath",
    issueYear: String(now.getUTCFullYear()),
    issueMonth: String(now.getUTCMonth() + 1),
    certUrl: url,
    certId: id,
  });

  // Up next: another course to open (the next level of the topic, or a related one).
  const upNext = page.getByRole("region", { name: /^Up next/ });
  await expect(upNext.getByRole("link", { name: /^See / })).toHaveAttribute("href", /^\/dashboard\/course-details\?courseId=\d+$/);

  // Printed, the page is the certificate alone (no navigation, nothing else), on one page.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();
  await expect(certificate).toBeVisible();
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });

  // Anyone with the link sees the certificate by its id, and nothing of the learner but the name.
  const stranger = await browser.newContext();
  const view = await stranger.newPage();
  await view.goto(`/certificates/${id}`);
  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Certificate of completion");
  await expect(view.getByTestId("certificate-name")).toHaveText("Jo Journey");
  await expect(view.getByTestId("certificate-id")).toHaveText(id);
  const html = await (await stranger.request.get(`/certificates/${id}`)).text();
  expect(html).not.toContain(email);
  expect(html).not.toContain(email.split("@")[0]);

  // Any other id is the app's not-found page: a made-up one, one differing in case, and the row's own uuid (its address before).
  const [row] = await withE2eDb(async (client) => (await client.query<{ id: string }>("SELECT id FROM certificates WHERE verification_id = $1", [id])).rows);
  const swapped = id.replace(/[a-z]/, (c) => c.toUpperCase()) === id ? id.replace(/[A-Z]/, (c) => c.toLowerCase()) : id.replace(/[a-z]/, (c) => c.toUpperCase());
  for (const other of ["AAAAAAAAAAAAAAAAAAAAAA", swapped, row!.id]) {
    const response = await view.goto(`/certificates/${other}`);
    expect(response!.status(), other).toBe(404);
    await expect(view.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  await stranger.close();
});
