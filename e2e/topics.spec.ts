import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { topicIconName } from "../components/ui/icons";
import { createLearner } from "./fixtures/accounts";
import { seededCourseDuration } from "./fixtures/durations";
import { E2E_LEARNER } from "./fixtures/settings";

// Topic screens: the public explorer (/explore), and for learners Explore All Topics, a topic's courses
// and the topic picker. The shared seeded learner never saves interests here (other specs rely on it
// having none); saving is tested with a learner registered for this spec.

const SEEDED_TOPICS = [
  "Data Structures and Algorithms",
  "Databases and SQL",
  "Git and Collaboration",
  "JavaScript and the Web",
  "Machine Learning",
  "Python Programming",
] as const;

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard(?:[?#].*)?$/);
}

/** Titles of every topic card on Explore All Topics, following the pagination (other specs may add topics). */
async function allExploreTitles(page: Page): Promise<string[]> {
  const titles: string[] = [];
  await page.goto("/dashboard/explore-topics");
  for (let pageNumber = 1; ; pageNumber++) {
    // Wait for this page's cards (the list streams in after the loading skeleton).
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    if (pageNumber > 1) await expect(pagination).toContainText(`Page ${pageNumber} of`, { timeout: 5_000 });
    const headings = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
    await expect(headings.first()).toBeVisible();
    titles.push(...(await headings.allTextContents()));
    const next = pagination.getByRole("link", { name: "Next" });
    if ((await next.count()) === 0) return titles;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pageNumber + 1}`));
  }
}

test.describe("public explore", () => {
  test("shows the hero, the topic cards with their icons, and the section texts", async ({ page }) => {
    await page.goto("/explore");
    await expect(page).toHaveTitle(/Explore Topics/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore Your Personalized Learning Topics");
    await expect(page.getByRole("heading", { level: 2, name: "What are these Topics?" })).toBeVisible();
    await expect(page.getByText("Select a topic to begin your smart learning journey!")).toBeVisible();

    const row = page.getByRole("region", { name: "Topics", exact: true });
    for (const title of SEEDED_TOPICS) {
      await expect(row.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", "/signup");
    }
    // Icons cycle through the list of 10 by topic id, so a topic keeps its icon whatever is added.
    const emojis = await row.getByTestId("topic-emoji").locator("svg").evaluateAll((icons) => icons.map((icon) => icon.getAttribute("data-icon")));
    expect(emojis.length).toBeGreaterThanOrEqual(SEEDED_TOPICS.length);
    const ids = new Map(((await (await page.request.get("/topics")).json()) as { id: number; title: string }[]).map((t) => [t.title, t.id]));
    const titles = (await row.getByRole("heading").allTextContents()).map((title) => title.trim());
    // Specs running beside this one add and delete topics: a card whose topic is gone by now is skipped, the seeded ones never are.
    const checked = titles.filter((title, index) => {
      const id = ids.get(title);
      if (id !== undefined) expect(emojis[index]).toBe(topicIconName(id));
      return id !== undefined;
    });
    expect(checked).toEqual(expect.arrayContaining([...SEEDED_TOPICS]));

    // Descriptions keep their line breaks (rendered as text with white-space: pre-line).
    const python = row.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Python Programming", exact: true }) });
    await expect(python).toContainText("Write clear, working Python");
    const description = python.locator("p");
    expect(await description.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-line");
    expect(await description.evaluate((el) => el.textContent?.includes("\n"))).toBe(true);
  });

  test("the arrows scroll the row and a visitor's card leads to sign-up", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/explore");
    const row = page.getByRole("region", { name: "Topics", exact: true });
    const scrollLeft = () => row.evaluate((el) => el.scrollLeft);
    expect(await scrollLeft()).toBe(0);

    const right = page.getByRole("button", { name: "Scroll topics right" });
    const left = page.getByRole("button", { name: "Scroll topics left" });
    await expect(left).toHaveAttribute("aria-disabled", "true");
    await right.click();
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    await expect(left).not.toHaveAttribute("aria-disabled", "true");
    await left.click();
    await expect.poll(scrollLeft).toBe(0);

    await row.getByRole("link", { name: "Databases and SQL", exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("the arrows scroll the row on a phone as well", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/explore");
    const row = page.getByRole("region", { name: "Topics", exact: true });
    await page.getByRole("button", { name: "Scroll topics right" }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("learner topics", () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, E2E_LEARNER.email, E2E_LEARNER.password);
  });

  test("Explore All Topics lists the seeded topics with their course counts", async ({ page }) => {
    await page.goto("/dashboard/explore-topics");
    await expect(page).toHaveTitle(/Explore All Topics/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore All Topics");
    // Other specs add and delete topics while this one pages (a deletion can take page 3 away
    // between two clicks): page through again until one pass saw a list that held still.
    await expect(async () => {
      const titles = await allExploreTitles(page);
      for (const title of SEEDED_TOPICS) expect(titles).toContain(title);
      expect(new Set(titles).size).toBe(titles.length);
    }).toPass({ timeout: 60_000 });

    await page.goto("/dashboard/explore-topics");
    // Nine per page at most.
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    expect(await page.getByRole("main").getByRole("listitem").count()).toBeLessThanOrEqual(9);
    // The topic may sit on a later page if other specs added topics: follow Next until it shows
    // (from the first page again if the list changed under the clicks, as above).
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Databases and SQL", exact: true }) });
    await expect(async () => {
      await page.goto("/dashboard/explore-topics");
      await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
      for (let i = 0; i < 10 && (await card.count()) === 0; i++) {
        await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]page=${i + 2}(&|$)`));
        await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`Page ${i + 2} of`, { timeout: 5_000 });
        await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
      }
      await expect(card).toContainText("2 courses", { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
  });

  test("View Courses opens the topic page with its two courses and difficulty badges", async ({ page }) => {
    await page.goto("/dashboard/explore-topics");
    // The topic may sit on a later page if other specs added topics: follow Next until it shows.
    const link = page.getByRole("link", { name: "View Courses for Python Programming" });
    // Count the cards only once a page of them has rendered (not while 'Loading topics...' shows).
    const cardsShown = () => expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    await cardsShown();
    for (let i = 0; i < 10 && (await link.count()) === 0; i++) {
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      // This page's own number: a pattern any page matches would let the next click land mid-navigation.
      await expect(page).toHaveURL(new RegExp(`[?&]page=${i + 2}(&|$)`));
      await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`Page ${i + 2} of`);
      await cardsShown();
    }
    await link.click();
    await expect(page).toHaveURL(/\/dashboard\/topics\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python Programming");
    await expect(page.getByText("Courses available for Python Programming")).toBeVisible();

    const courses = page.getByRole("main").getByRole("listitem");
    await expect(courses).toHaveCount(2);
    const cardOf = (title: string | RegExp) => courses.filter({ has: page.getByRole("link", { name: title, exact: true }) });
    const basics = cardOf("Python Basics");
    await expect(basics).toContainText("Beginner");
    // Its duration is the estimate of its content (45 min or so), not a fixed 40h.
    await expect(basics.getByTestId("course-duration")).toHaveText(`${seededCourseDuration("Python Basics")} of learning`);
    await expect(basics).toContainText(/Generated|Generating|Failed/);
    await expect(cardOf(/^Idiomatic Python/)).toContainText("Intermediate");

    // Clicking a course opens the reader with the course id in the URL.
    await expect(basics.getByRole("link")).toHaveAttribute("href", /^\/dashboard\/detail-courses\?courseId=\d+$/);
  });

  test("an unknown or malformed topic id shows 'Topic not found.'", async ({ page }) => {
    for (const id of ["987654", "abc", "1.5"]) {
      await page.goto(`/dashboard/topics/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Topic not found.");
    }
  });

  test("topic selection: search filters the cards; Continue with nothing new goes to the dashboard", async ({ page }) => {
    await page.goto("/dashboard/topic-selection");
    await expect(page).toHaveTitle(/Pick Topics/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pick Topics You Love");
    const row = page.getByRole("region", { name: "Topics", exact: true });
    await expect(row.getByRole("button", { name: "Python Programming", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Scroll topics right" })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search topics" });
    await search.fill("sQl");
    await expect(row.getByRole("button", { name: "Databases and SQL", exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Python Programming", exact: true })).toHaveCount(0);

    await search.fill("no topic is called this");
    await expect(page.getByText("No topics match “no topic is called this”.")).toBeVisible();
    await search.fill("");
    await expect(row.getByRole("button", { name: "Python Programming", exact: true })).toBeVisible();

    // Toggling a card without continuing saves nothing.
    const git = row.getByRole("button", { name: "Git and Collaboration", exact: true });
    await git.click();
    await expect(git).toHaveAttribute("aria-pressed", "true");
    await git.click();
    await expect(git).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "Continue to your feed" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a new learner saves topics; they then show as Selected and cannot be toggled", async ({ page, request }) => {
  const { email, password } = await createLearner(request, "topics");

  await logIn(page, email, password);
  await page.goto("/dashboard/topic-selection");
  const row = page.getByRole("region", { name: "Topics", exact: true });
  const python = row.getByRole("button", { name: "Python Programming", exact: true });
  const sql = row.getByRole("button", { name: "Databases and SQL", exact: true });
  await expect(python).toBeEnabled();
  await python.click();
  await sql.click();
  await expect(page.getByText("2 new topics selected.")).toBeVisible();

  await page.getByRole("button", { name: "Continue to your feed" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/dashboard/topic-selection");
  for (const name of ["Python Programming", "Databases and SQL"]) {
    const toggle = row.getByRole("button", { name, exact: true });
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    // The toggle is the card's title; the badge sits on the card around it.
    await expect(row.getByRole("listitem").filter({ has: page.getByRole("button", { name, exact: true }) })).toContainText("Selected");
  }
  await expect(row.getByRole("button", { name: "Git and Collaboration", exact: true })).toBeEnabled();
  // Nothing new picked: Continue just goes back to the dashboard.
  await page.getByRole("button", { name: "Continue to your feed" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
