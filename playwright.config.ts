import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e/fixtures/settings";
import { chromiumForRun } from "./scripts/lib/chromium";

// End-to-end tests run against a production build (`npm run build` first) on a fresh database.
// Outside CI the browser specs skip themselves (e2e/fixtures/browser-test.ts); CI must have it.
const chromiumPath = chromiumForRun({ sayWhenMissing: true });

export { E2E_ADMIN, E2E_LEARNER } from "./e2e/fixtures/settings";

export default defineConfig({
  testDir: "e2e",
  // Runs with a fake model under playwright.generation.config.ts.
  testIgnore: ["**/generation-live.spec.ts", "**/generation-reader.spec.ts", "**/generation-tutor.spec.ts", "**/generation-tutor-in-view.spec.ts", "**/generation-request.spec.ts", "**/generation-course-requests.spec.ts", "**/content-review.spec.ts", "**/sources-course.spec.ts", "**/generation-notifications.spec.ts"],
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a flaky test is a defect to fix, not to paper over.
  retries: 0,
  workers: 2,
  // A test is a whole journey (log in, read, pass a quiz): 56 steps in reader-quiz's longest. On a
  // loaded 2-core machine such journeys took 31-35 s, so they get 60 s; every single wait is still
  // bounded by the expect timeout below, so a hang still fails within it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Apart from playwright.generation.config.ts's, which runs at the same time: each run empties its own.
  outputDir: "test-results/main",
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_BASE_URL,
    // On a developer's machine a failed test keeps its trace: actions, network and DOM snapshots,
    // without the screencast, which cost the browser specs 12-25% of their time (measured). CI
    // keeps only its log, where a trace file cannot be read, and recording one for every test cost
    // about a tenth of the run's time (docs/testing.md): there it records none.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium headless shell or Chromium when installed (scripts/lib/chromium.ts); Playwright's own elsewhere.
      executablePath: chromiumPath ?? undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node --import tsx e2e/fixtures/server.ts",
    url: E2E_BASE_URL,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
