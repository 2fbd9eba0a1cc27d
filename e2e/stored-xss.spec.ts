import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInThroughUi, logInNewLearner } from "./fixtures/accounts";
import { withDb } from "./fixtures/admin-db";
import { watchCspViolations } from "./fixtures/csp";
import { E2E_ADMIN } from "./fixtures/settings";

// Stored markup stays inert: script-shaped text planted straight in the database (a topic, its course with
// a section, a subsection of markdown and a quiz question, a failed course, a learner's name) is shown as
// text or dropped on every screen that shows it, never run. The rows are this spec's own (unique tag)
// and are deleted afterwards. Each check looks at the DOM too, since the nonce policy alone would stop
// an injected script on most of these pages and hide the bug.

const tag = `xss${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const SCRIPT = "<script>window.__xss=1</script>";
const IMG = `<img src=x onerror="window.__xss=1">`;
const SVG = "<svg onload=window.__xss=1>";
const ALERT = `<img src=x onerror="alert('xss')">`;
const JS_LINK = "[click me](javascript:window.__xss=1)";
const CODE_ESCAPE = "</code></pre><script>window.__xss=1</script>";

const TOPIC = { title: `Zz ${tag} ${IMG}${SCRIPT}`, description: `${SVG} ${SCRIPT}\n${JS_LINK} ${ALERT}` };
const COURSE = { title: `${tag} course ${SCRIPT}`, description: `${IMG} ${SVG} ${ALERT}` };
const FAILED = { title: `${tag} failed ${SVG}`, error: `The model said ${IMG}${SCRIPT}` };
const SECTION = `Section ${SVG}`;
const SUBSECTION = `Subsection ${IMG}`;
const QUESTION = { text: `Which is safe? \`${CODE_ESCAPE}\` ${IMG}`, options: [SCRIPT, SVG], hint: ALERT };
const MARKER = `Plain words after the payloads ${tag}.`;
const CONTENT = [
  `# Heading ${SCRIPT}`,
  "",
  `Inline raw HTML: ${IMG} and ${SVG} and ${ALERT}.`,
  "",
  `<div onclick="window.__xss=1">raw block</div>`,
  "",
  SCRIPT,
  "",
  `${JS_LINK} and [mixed case](JaVaScRiPt:window.__xss=1) and [data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)`,
  "",
  `<a href="javascript:window.__xss=1">raw link</a> ![picture](javascript:window.__xss=1)`,
  "",
  "```html",
  CODE_ESCAPE,
  "```",
  "",
  `Inline code: \`${CODE_ESCAPE}\``,
  "",
  MARKER,
].join("\n");

let topicId: number;
let courseId: number;
let learnerEmail: string;

test.beforeAll(async () => {
  await withDb(async (client) => {
    topicId = (await client.query<{ id: number }>("INSERT INTO topics (title, description) VALUES ($1, $2) RETURNING id", [TOPIC.title, TOPIC.description])).rows[0]!.id;
    courseId = (
      await client.query<{ id: number }>(
        `INSERT INTO courses (topic_id, title, description, level, generation_status, is_detail_created_by_ai)
         VALUES ($1, $2, $3, 'Beginner', 'done', true) RETURNING id`,
        [topicId, COURSE.title, COURSE.description],
      )
    ).rows[0]!.id;
    const sectionId = (await client.query<{ id: number }>("INSERT INTO course_sections (course_id, position, title) VALUES ($1, 0, $2) RETURNING id", [courseId, SECTION])).rows[0]!.id;
    await client.query("INSERT INTO course_subsections (section_id, position, title, content) VALUES ($1, 0, $2, $3)", [sectionId, SUBSECTION, CONTENT]);
    await client.query("INSERT INTO quiz_questions (section_id, position, question, options, correct_answer, hint) VALUES ($1, 0, $2, $3, $4, $5)", [
      sectionId,
      QUESTION.text,
      QUESTION.options,
      QUESTION.options[0],
      QUESTION.hint,
    ]);
    await client.query(
      `INSERT INTO courses (topic_id, title, description, level, generation_status, generation_error, generation_attempt)
       VALUES ($1, $2, '', 'Advanced', 'failed', $3, 1)`,
      [topicId, FAILED.title, FAILED.error],
    );
  });
});

test.afterAll(async () => {
  await withDb(async (client) => {
    // Courses, sections, questions and enrolments go with the topic; the learner (with a planted name) goes too.
    await client.query("DELETE FROM topics WHERE id = $1", [topicId]);
    if (learnerEmail) await client.query("DELETE FROM users WHERE lower(email) = lower($1)", [learnerEmail]);
  });
});

/** Watches one browser page for anything a planted payload could do. */
async function guard(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    // The quiz's own "leave with answers given?" warning (a beforeunload, which no script text
    // can word): leave. Any other dialog is one a payload opened.
    if (dialog.type() === "beforeunload") return void dialog.accept();
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const violations = await watchCspViolations(page);
  return {
    /** After a screen has shown the planted rows: nothing ran, nothing was injected. */
    async expectInert(screen: string) {
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${screen}: no planted script ran`).toBeUndefined();
      expect(dialogs, `${screen}: no dialog`).toEqual([]);
      expect(violations, `${screen}: nothing for the policy to refuse`).toEqual([]);
      const injected = page.locator("[onerror], [onload], [onclick], img[src='x'], svg[onload]");
      await expect(injected, `${screen}: no element made from the payloads`).toHaveCount(0);
      await expect(page.locator("script").filter({ hasText: /^window\.__xss=1$/ }), `${screen}: no planted script element`).toHaveCount(0);
      const unsafeUrls = await page.evaluate(() =>
        [...document.querySelectorAll("[href], [src], [action], [formaction]")]
          .flatMap((el) => ["href", "src", "action", "formaction"].map((name) => el.getAttribute(name) ?? ""))
          .filter((url) => /^\s*(javascript|data:text\/html|vbscript)/i.test(url)),
      );
      expect(unsafeUrls, `${screen}: no javascript: or HTML data: URL`).toEqual([]);
    },
  };
}

async function expectText(scope: Locator, ...texts: string[]) {
  for (const text of texts) await expect(scope).toContainText(text);
}

test("public: /explore shows a planted topic's title as text and its description as inert markdown", async ({ page }) => {
  const { expectInert } = await guard(page);
  await page.goto("/explore");
  const card = page.getByRole("region", { name: "Topics", exact: true }).getByRole("listitem").filter({ hasText: tag });
  // The title is plain text; the description is markdown with an allow-list: the javascript: link
  // keeps its words and loses its target, raw HTML is never rendered as HTML.
  await expectText(card, TOPIC.title, SVG, "click me");
  await expect(card.getByRole("link", { name: "click me" })).toHaveCount(0);
  await expectInert("/explore");
});

test("learner: topic lists, the topic page, course overview, reader, quiz, my courses and the feed keep planted markup inert", async ({ page }) => {
  test.slow();
  const { expectInert } = await guard(page);
  learnerEmail = (await logInNewLearner(page, "xss", courseId)).email;

  const interests = page.getByRole("dialog", { name: "Select Your Interests" });
  await expect(interests.getByRole("button").filter({ hasText: tag })).toContainText(TOPIC.title);
  await expectInert("/dashboard with the interests modal");
  await interests.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("main")).toContainText(COURSE.title);
  await expectInert("/dashboard");

  await page.goto("/dashboard/topic-selection");
  await expect(page.getByRole("main").getByRole("button").filter({ hasText: tag })).toContainText(TOPIC.title);
  await expectInert("/dashboard/topic-selection");

  // Explore All Topics pages by 9 in title order; the planted topic is on one of them.
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: tag });
  for (let n = 1; n <= 30; n++) {
    await page.goto(`/dashboard/explore-topics?page=${n}`);
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    if ((await card.count()) > 0) break;
  }
  await expectText(card, TOPIC.title, SCRIPT);
  await expectInert("/dashboard/explore-topics");

  await page.goto(`/dashboard/topics/${topicId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TOPIC.title);
  await expectText(page.getByRole("main"), COURSE.title, IMG, SVG);
  await expectInert(`/dashboard/topics/${topicId}`);

  await page.goto(`/dashboard/course-details?courseId=${courseId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE.title);
  await expectText(page.getByRole("main"), COURSE.description, SECTION, SUBSECTION);
  await expectInert("/dashboard/course-details");

  await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE.title);
  const main = page.getByRole("main");
  await expect(main.getByText(MARKER)).toBeVisible();
  // Markdown keeps the words; raw HTML is dropped; code shows the payload as code; links lose unsafe targets.
  // Tags inside a paragraph or heading are dropped, the words between them stay as text.
  await expect(main.getByRole("heading", { name: "Heading window.__xss=1", exact: true })).toBeVisible();
  await expect(main.locator("pre.shiki")).toContainText(CODE_ESCAPE);
  await expect(main.locator("code").filter({ hasText: CODE_ESCAPE })).toHaveCount(2);
  await expect(main.getByText("click me", { exact: true })).toBeVisible();
  await expect(main).not.toContainText("raw block");
  await expectInert("the reader");

  await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
  await expect(page.locator("legend")).toContainText(`${CODE_ESCAPE} ${IMG}`);
  await expect(page.getByRole("radio", { name: SCRIPT, exact: true })).toHaveCount(1);
  await page.getByRole("radio", { name: SVG, exact: true }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByTestId("feedback-panel")).toContainText(`Hint: ${ALERT}`);
  await expectInert("the quiz");

  await page.goto("/dashboard/my-courses");
  await expect(page.getByRole("main")).toContainText(COURSE.title);
  await expectInert("/dashboard/my-courses");
  await page.goto("/dashboard/learning-feed");
  await expect(page.getByRole("main")).toContainText(COURSE.title);
  await expectInert("/dashboard/learning-feed");
});

test("admin: the topics table, its courses, failed generation and the users table keep planted markup inert", async ({ page }) => {
  test.slow();
  const { expectInert } = await guard(page);
  // A learner whose self-chosen name is markup, as the admin's users table shows it.
  const learner = await createLearner(page.request, "xss-name");
  await withDb((client) => client.query("UPDATE users SET first_name = $1, last_name = $2 WHERE lower(email) = lower($3)", [IMG, SCRIPT, learner.email]));

  await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expectInert("/admin");

  await page.goto(`/admin/topics?search=${encodeURIComponent(tag)}`);
  const row = page.getByRole("row").filter({ hasText: tag });
  await expect(row.getByRole("rowheader")).toHaveText(TOPIC.title);
  await expectText(row, SVG, SCRIPT);
  await expectInert("/admin/topics");
  await row.getByRole("button", { name: /^View Courses/ }).click();
  await expectText(page.getByRole("dialog"), COURSE.title, FAILED.title);
  await expectInert("/admin/topics courses dialog");
  await page.keyboard.press("Escape");

  await page.goto("/admin/generation");
  const failed = page.getByRole("table", { name: "Failed courses" }).getByRole("row").filter({ hasText: tag });
  await expectText(failed, FAILED.title, FAILED.error, TOPIC.title);
  await expectInert("/admin/generation");

  await page.goto(`/admin/users?search=${encodeURIComponent(learner.email)}`);
  await expect(page.getByRole("row").filter({ hasText: learner.email })).toContainText(`${IMG} ${SCRIPT}`);
  await expectInert("/admin/users");
  await withDb((client) => client.query("DELETE FROM users WHERE lower(email) = lower($1)", [learner.email]));
});
