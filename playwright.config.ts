import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build (`npm run build` first) on a fresh database.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const debianChromium = "/usr/bin/chromium";

export const E2E_ADMIN = { email: "admin@e2e.learnpath.test", password: "admin-e2e-password" };
export const E2E_LEARNER = { email: "learner@e2e.learnpath.test", password: "learner-e2e-password" };

export default defineConfig({
  testDir: "e2e",
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium when installed (this project's machines); Playwright's own browser elsewhere.
      executablePath: existsSync(debianChromium) ? debianChromium : undefined,
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
    command: "node_modules/.bin/tsx scripts/e2e-server.ts",
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54339",
      SEED_ADMIN_EMAIL: E2E_ADMIN.email,
      SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_LEARNER_EMAIL: E2E_LEARNER.email,
      SEED_LEARNER_PASSWORD: E2E_LEARNER.password,
    },
  },
});
