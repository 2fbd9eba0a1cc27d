import type { APIResponse, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { field, logInThroughUi, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { watchCspViolations } from "./fixtures/csp";
import { courseIdByTitle } from "./fixtures/database";
import { E2E_ADMIN, E2E_LEARNER } from "./fixtures/settings";

// Browser security: the headers on every kind of response, the session cookie's flags, and the
// Content-Security-Policy letting the real screens work (nothing the app itself does is refused).

/** The policy's directives by name: directives(csp)["script-src"] = ["'self'", ...]. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, `${what}: Content-Security-Policy`).toBeDefined();
  const policy = directives(csp!);
  expect(policy["default-src"], what).toEqual(["'self'"]);
  expect(policy["script-src"], `${what}: no eval in production`).not.toContain("'unsafe-eval'");
  expect(policy["frame-ancestors"], what).toEqual(["'none'"]);
  expect(policy["object-src"], what).toEqual(["'none'"]);
  expect(policy["base-uri"], what).toEqual(["'self'"]);
  expect(policy["form-action"], what).toEqual(["'self'"]);
  expect(policy["connect-src"], what).toEqual(["'self'"]);
  expect(policy["img-src"], what).toEqual(["'self'", "data:"]);
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
  expect(headers["permissions-policy"], what).toMatch(/microphone=\(\)/);
  expect(headers["permissions-policy"], what).toMatch(/geolocation=\(\)/);
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  // The e2e server's APP_URL is plain http, reached directly.
  expect(headers["strict-transport-security"], `${what}: no HSTS over http`).toBeUndefined();
}

test.describe("security headers", () => {
  test("pages, a redirect, API JSON (200, 401, 404, 422) and a static script all carry them", async ({ request }) => {
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expectSecurityHeaders(home, "GET /");

    const login = await request.get("/login");
    expect(login.status()).toBe(200);
    expectSecurityHeaders(login, "GET /login");

    const dashboard = await request.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(307);
    expect(dashboard.headers()["location"]).toMatch(/^\/login\?callbackUrl=/);
    expectSecurityHeaders(dashboard, "GET /dashboard (redirect to login)");

    const topics = await request.get("/topics");
    expect(topics.status()).toBe(200);
    expect(topics.headers()["content-type"]).toContain("application/json");
    expectSecurityHeaders(topics, "GET /topics");

    const me = await request.get("/users/me");
    expect(me.status()).toBe(401);
    expect(await me.json()).toHaveProperty("detail");
    expectSecurityHeaders(me, "GET /users/me anonymous");

    const unknown = await request.get("/users/no/such/endpoint");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ detail: "Not Found" });
    expectSecurityHeaders(unknown, "GET unknown API path");

    const invalid = await request.post("/log_in", { form: { username: "not-an-email", password: "" } });
    expect(invalid.status()).toBe(422);
    expectSecurityHeaders(invalid, "POST /log_in invalid");

    const script = (await home.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(script, "the home page loads a script from /_next/static").toBeDefined();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expectSecurityHeaders(asset, `GET ${script}`);
  });

  test("Strict-Transport-Security goes out when the request reached the app over HTTPS (behind a TLS proxy)", async ({ request }) => {
    const viaTls = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
    expect(viaTls.headers()["strict-transport-security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const api = await request.get("/topics", { headers: { "x-forwarded-proto": "https" } });
    expect(api.headers()["strict-transport-security"]).toMatch(/^max-age=\d{8,}/);
  });

  test.describe("pages showing stored content get a fresh nonce instead of 'unsafe-inline', and every script they render carries it", () => {
    // The catalogue (topic texts) and a certificate (a learner's name and a course title; a made-up id renders the same page).
    for (const path of ["/explore", "/certificates/00000000-0000-4000-8000-000000000000"]) {
      test(path, async ({ request }) => {
        const nonces: string[] = [];
        for (let i = 0; i < 2; i++) {
          const page = await request.get(path);
          expectSecurityHeaders(page, `GET ${path}`);
          const scripts = directives(page.headers()["content-security-policy"]!)["script-src"]!;
          expect(scripts).not.toContain("'unsafe-inline'");
          const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
          expect(nonce, "a nonce in script-src").toBeTruthy();
          nonces.push(nonce!);
          const tags = (await page.text()).match(/<script\b[^>]*>/g) ?? [];
          expect(tags.length).toBeGreaterThan(0);
          for (const tag of tags) expect(tag, "every script carries the response's nonce").toContain(`nonce="${nonce}"`);
        }
        expect(nonces[0]).not.toBe(nonces[1]);
      });
    }
  });
});

test("the session cookie set by logging in is HttpOnly and SameSite=Lax (not Secure on this http server)", async ({ page, context }) => {
  await logInToDashboard(page, E2E_LEARNER.email, E2E_LEARNER.password);
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("better-auth.session_token"));
  expect(session, "a Better Auth session cookie").toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  expect(session!.secure).toBe(false);
  // Scripts on the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
});

test.describe("the policy lets the app work", () => {
  let violations: string[];
  test.beforeEach(async ({ page }) => {
    violations = await watchCspViolations(page);
  });
  test.afterEach(() => {
    expect(violations, "nothing refused by the Content-Security-Policy").toEqual([]);
  });

  async function visit(page: Page, path: string, heading: string | RegExp) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }

  test("public pages hydrate and a toast shows after a failed login", async ({ page }) => {
    await visit(page, "/", /AI-Powered Learning/);
    await visit(page, "/about", "About LearnPath");
    await visit(page, "/explore", "Explore Your Personalized Learning Topics");
    await page.getByRole("button", { name: "Scroll topics right" }).click();
    await page.goto("/signup");
    await expect(field(page, "Email")).toBeVisible();
    await page.goto("/forgot-password");
    await expect(field(page, "Email")).toBeVisible();

    await page.goto("/login");
    await field(page, "Email").fill(E2E_LEARNER.email);
    await field(page, "Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    // The sonner toast (it inserts its own styles) and the inline message, both from client code.
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." })).toBeVisible();
  });

  test("a learner: dashboard, lists, the reader with highlighted code, and a quiz", async ({ page }) => {
    const courseId = await courseIdByTitle("Python Basics");
    await logInNewLearner(page, "csp", courseId);
    await page.getByRole("dialog", { name: "Select Your Interests" }).getByRole("button", { name: "Skip" }).click();

    await visit(page, "/dashboard/explore-topics", "Explore All Topics");
    await visit(page, "/dashboard/my-courses", "My Enrolled Courses");
    await visit(page, "/dashboard/recommended", "Recommended Courses");
    await page.goto("/dashboard/learning-feed");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/dashboard/my-account");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.goto(`/dashboard/detail-courses?courseId=${courseId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python Basics");
    // Shiki colours code with inline styles: they must apply (the token colours differ from the text colour).
    const code = page.locator("pre.shiki").first();
    await expect(code).toBeVisible();
    expect(await code.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await page.goto(`/dashboard/quiz?courseId=${courseId}&sectionIndex=0`);
    await expect(page.getByRole("radiogroup")).toBeVisible();
    await page.getByRole("radiogroup").getByRole("radio").first().check();
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  test("an admin: analytics, users, topics, questions and generation", async ({ page }) => {
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of ["Users", "Topics", "Questions", "Generation"]) {
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name }).click();
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
    }
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Topics" }).click();
    await page.getByRole("button", { name: "Add Topic" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});
