import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures/browser-test";
import { logInNewLearner } from "./fixtures/accounts";
import { courseIdByTitle } from "./fixtures/database";
import { gate, holdRequests } from "./fixtures/gate";
import { subsectionTitle } from "./fixtures/reader";
import { E2E_PORT } from "./fixtures/settings";

/*
 * How the compiled server delivers pages (docs/performance.md, Pages): Brotli to browsers that accept it,
 * gzip to the rest, the stylesheet inside the page instead of a render-blocking request, and on
 * the course reader a hold on the first paint until the HTML is parsed, so the lesson, not the
 * loading skeleton, is what a full page load paints first; a client-side navigation still shows
 * 'Loading course...'.
 */

type Fetched = { status: number; encoding: string | undefined; html: string; raw: number };

function fetchPage(path: string, acceptEncoding: string, cookie?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: E2E_PORT, path, headers: { "accept-encoding": acceptEncoding, ...(cookie ? { cookie } : {}) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const html = (encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body).toString("utf8");
        resolve({ status: res.statusCode ?? 0, encoding, html, raw: body.length });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

test("a page is Brotli to a browser that accepts it, gzip to one that does not, and carries its stylesheet", async () => {
  const brotli = await fetchPage("/about", "gzip, deflate, br, zstd");
  expect(brotli.status).toBe(200);
  expect(brotli.encoding).toBe("br");
  const gzip = await fetchPage("/about", "gzip");
  expect(gzip.encoding).toBe("gzip");
  const plain = await fetchPage("/about", "identity");
  expect(plain.encoding).toBeUndefined();

  for (const page of [brotli, gzip, plain]) {
    expect(page.html).toContain("About LearnPath");
    expect(page.html).toMatch(/<style data-precedence="next"/);
    expect(page.html).not.toMatch(/<link rel="stylesheet"/);
  }
  // The stylesheet's copies in the flight data cost Brotli next to nothing: far smaller than gzip.
  expect(brotli.raw).toBeLessThan(gzip.raw * 0.6);
});

test.describe("the course reader", () => {
  let courseId: number;
  test.beforeAll(async () => {
    courseId = await courseIdByTitle("Python Basics");
  });

  test("a full load holds the first paint until the page is parsed; a navigation shows 'Loading course...'", async ({ page }) => {
    await logInNewLearner(page, "delivery", courseId);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    const reader = await fetchPage(`/dashboard/detail-courses?courseId=${courseId}`, "br", cookie);
    const head = reader.html.slice(0, reader.html.indexOf("<body"));
    expect(head).toMatch(/<link rel="expect" href="#[\w-]+" blocking="render"\/>/);
    const heldFor = /<link rel="expect" href="#([\w-]+)"/.exec(head)![1]!;
    // An id no element carries: the hold ends when the parser reaches the end of the document.
    expect(reader.html).not.toContain(`id="${heldFor}"`);
    expect(reader.html).toContain("Running Python and Your First Program");
    // Pages without a streamed loading state are not held.
    expect((await fetchPage("/dashboard", "br", cookie)).html).not.toContain('rel="expect"');

    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");

    // A client-side navigation from My Courses: the reader's data is held back until the loading
    // state has been seen, then let go. The tap must come after My Courses' prefetch of the route
    // up to its loading state has arrived whole (a tap before it keeps the old page up, with the
    // link's spinner, until the data comes: the next test). Its response streams, and in Chromium
    // under Playwright its end was not always reported, so each prefetch is fetched whole here and
    // handed to the page in one piece; the tap waits for that one to have been handed over.
    const readerData = gate();
    const loadingState = gate();
    await page.route(/detail-courses/, async (route) => {
      const headers = route.request().headers();
      if (!headers["next-router-prefetch"]) {
        await readerData.opened;
        return route.continue();
      }
      await route.fulfill({ response: await route.fetch() });
      // The route's tree (a `/_tree` segment prefetch) carries no loading state, and the reader's
      // own prefetches of its lessons may still answer while My Courses loads.
      if (!headers["next-router-segment-prefetch"] && headers["next-url"] === "/dashboard/my-courses") loadingState.open();
    });
    await page.goto("/dashboard/my-courses");
    const link = page.locator(`a[href*="detail-courses?courseId=${courseId}"]`).first();
    await link.hover();
    await loadingState.opened;
    await link.click();
    await expect(page.getByRole("status").filter({ hasText: "Loading course..." })).toBeVisible();
    readerData.open();
    await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");
    // The reader's own prefetches may still be in the handler when the page closes.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a tap before the link's prefetch has answered shows a spinner in the link until the reader comes", async ({ page }) => {
    await logInNewLearner(page, "pending", courseId);

    // Everything for the reader is held, its prefetches too: the tap comes before any of it.
    const readerData = await holdRequests(page, /detail-courses/);
    // A link sends its prefetch once it is live (hydrated), so the tap is the app's, not a page load.
    const prefetchSent = page.waitForRequest((request) => /detail-courses/.test(request.url()) && request.headers()["next-url"] === "/dashboard/my-courses");
    await page.goto("/dashboard/my-courses");
    await prefetchSent;
    const link = page.getByRole("link", { name: "Python Basics", exact: true });
    const spinner = link.locator("[data-link-pending]");
    await expect(spinner).toBeHidden();
    await link.click();
    await expect(spinner).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my-courses/);
    readerData.open();
    await expect(subsectionTitle(page)).toHaveText("Running Python and Your First Program");
    await expect(page.locator("[data-link-pending][data-pending]")).toHaveCount(0);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test("a chosen link in the account menu keeps the menu open with a spinner in it until the page comes", async ({ page }) => {
  await logInNewLearner(page, "account-menu");
  const account = page.getByRole("banner").getByRole("button", { name: "Jo Journey" });
  const menu = page.getByRole("menu");

  // Everything for the topic selection is held, its prefetch too (sent once the menu shows the link).
  const topicSelection = await holdRequests(page, /\/dashboard\/topic-selection/);
  await page.goto("/dashboard/my-account");
  const prefetchSent = page.waitForRequest((request) => /\/dashboard\/topic-selection/.test(request.url()));
  await account.click();
  await prefetchSent;
  const entry = menu.getByRole("menuitem", { name: "Edit Personalized Learning" });
  await entry.click();
  await expect(entry.locator("[data-link-pending]")).toBeVisible();
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-account$/);

  topicSelection.open();
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
  await expect(menu).toBeHidden();
  await expect(page.locator("[data-link-pending][data-pending]")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // The current page's own entry closes the menu at once: no page is coming.
  await account.click();
  await entry.click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a tapped link in the menu keeps the menu open with a spinner in the link until the page comes, then the menu closes", async ({ page }) => {
    // Everything for /about is held, its prefetch too (sent once the menu shows the link).
    const aboutPage = await holdRequests(page, /\/about/);
    await page.goto("/");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Open menu" });
    const prefetchSent = page.waitForRequest((request) => /\/about/.test(request.url()));
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await prefetchSent;
    const link = menu.getByRole("link", { name: "About", exact: true });
    await link.click();
    await expect(link.locator("[data-link-pending]")).toBeVisible();
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    aboutPage.open();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About LearnPath");
    await expect(menu).toBeHidden();
    await expect(page.locator("[data-link-pending][data-pending]")).toHaveCount(0);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a tap on the menu's link to the page already shown closes the menu", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });
});
