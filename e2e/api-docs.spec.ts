import { expect, test } from "./fixtures/browser-test";
import { watchCspViolations } from "./fixtures/csp";
import { E2E_BASE_URL } from "./fixtures/settings";

// The API reference at /docs/api: Swagger UI renders GET /openapi.json with files from this server
// only (every other origin is cut off here, as offline), under the app's Content-Security-Policy.

test("the API reference renders the OpenAPI description offline, with nothing refused by the policy", async ({ page }) => {
  const violations = await watchCspViolations(page);
  const elsewhere: string[] = [];
  await page.route("**/*", (route) => {
    if (new URL(route.request().url()).origin === E2E_BASE_URL) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });

  const response = await page.goto("/docs/api");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-eval");

  // A few operations, by path and summary, from accounts, learning and administration.
  // Swagger UI parses its 1.7 MB bundle, resolves the description's references and renders all 53
  // operations in one go: 2.5-3.5 s after load on an idle 2-core machine with tracing on, and over
  // the 10 s default in one CI run beside the axe spec's browser. The first wait gets its own bound.
  const logIn = page.locator(".opblock").filter({ has: page.locator(".opblock-summary-path", { hasText: /^\/log_in$/ }) });
  await expect(logIn.getByText("Log in", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".opblock-summary-path", { hasText: "/courses/{id}/sections/{sectionIndex}/quiz-complete" })).toBeVisible();
  await expect(page.getByText("Submit a quiz attempt", { exact: true })).toBeVisible();
  await expect(page.getByText("Generation overview", { exact: true })).toBeVisible();

  // Opening one shows its form-encoded body and its answers, the {detail} errors among them.
  await logIn.locator(".opblock-summary-control").click();
  await expect(logIn.locator(".body-param-content-type select")).toHaveValue("application/x-www-form-urlencoded");
  await expect(logIn.getByText("username", { exact: true }).last()).toBeVisible();
  await expect(logIn.locator(".responses-table .response-col_status", { hasText: "429" })).toBeVisible();

  expect(elsewhere, "no request leaves the app's origin").toEqual([]);
  expect(violations, "nothing refused by the Content-Security-Policy").toEqual([]);
});
