import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { logInThroughUi, logInToDashboard } from "./fixtures/accounts";
import { E2E_ADMIN, E2E_LEARNER } from "./fixtures/settings";

// Every screen of docs/product-rules.md, route by route: each answers with a real screen (its own URL and an h1) or with
// its documented redirect. Read-only: the shared accounts only look.

type Route = { path: string; lands?: RegExp; heading?: string | RegExp };

const PUBLIC: Route[] = [
  { path: "/", heading: "AI-Powered Learning Built Just for You" },
  { path: "/about" },
  { path: "/explore", heading: "Explore Your Personalized Learning Topics" },
  { path: "/login" },
  { path: "/signup" },
  { path: "/forgot-password" },
  // Without a reset in progress (no e-mail to send a code to) it goes to /forgot-password.
  { path: "/verify-code", lands: /\/forgot-password\?reason=no-email$/ },
  { path: "/sign-up-verify-code" },
  // Without a known e-mail address the reset screen has nothing to reset: it goes to /login.
  { path: "/reset-password", lands: /\/login$/ },
  // The original's sign-in routes are redirects to /login.
  { path: "/signin", lands: /\/login$/ },
  { path: "/dashboard/signin", lands: /\/login$/ },
  // An unknown path stays where it is, with the not-found page (404: e2e/wrong-addresses.spec.ts).
  { path: "/no-such-route", heading: "Page not found" },
];

const LEARNER: Route[] = [
  { path: "/dashboard", heading: /^Welcome/ },
  { path: "/dashboard/topic-selection", heading: "Pick Topics You Love" },
  { path: "/dashboard/learning-feed", heading: "My Learning" },
  { path: "/dashboard/course-details", heading: "No course selected." },
  // Without courseId and sectionIndex there is no quiz to show: it goes to the dashboard.
  { path: "/dashboard/quiz", lands: /\/dashboard$/ },
  { path: "/dashboard/my-account" },
  { path: "/dashboard/completed-courses", heading: "Your Completed Courses" },
  { path: "/dashboard/detail-courses", heading: "No course selected." },
  { path: "/dashboard/explore-topics", heading: "Explore All Topics" },
  { path: "/dashboard/my-courses", heading: "My Enrolled Courses" },
  { path: "/dashboard/recommended", heading: "Recommended Courses" },
  { path: "/dashboard/notifications", heading: "Notifications" },
];

const ADMIN: Route[] = [{ path: "/admin" }, { path: "/admin/users" }, { path: "/admin/topics" }];

async function visit(page: Page, { path, lands, heading }: Route) {
  await page.goto(path);
  const url = lands ?? new RegExp(`^https?://[^/]+${path.replace(/[?]/g, "\\$&")}$`);
  await expect(page, path).toHaveURL(url);
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1, path).toHaveCount(1);
  await expect(h1, path).toBeVisible();
  if (heading) await expect(h1, path).toHaveText(heading);
}

test("every public route answers with its screen or its documented redirect", async ({ page }) => {
  for (const route of PUBLIC) await visit(page, route);
});

test("every learner route answers with its screen or its documented redirect", async ({ page, request }) => {
  await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
  // The shared learner has no interests: skip the one-time modal (a flag in this tab's session, no learner state).
  const interests = page.getByRole("dialog", { name: "Select Your Interests" });
  if (await interests.waitFor({ state: "visible", timeout: 5_000 }).then(() => true, () => false)) {
    await interests.getByRole("button", { name: "Skip" }).click();
    await expect(interests).toBeHidden();
  }
  for (const route of LEARNER) await visit(page, route);
  const topics = (await (await request.get("/topics")).json()) as { id: number; title: string }[];
  const topic = topics[0]!;
  await visit(page, { path: `/dashboard/topics/${topic.id}`, heading: topic.title });
});

test("every admin route answers with its screen", async ({ page }) => {
  await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const route of ADMIN) await visit(page, route);
});
