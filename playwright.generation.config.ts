import { defineConfig } from "@playwright/test";

/*
 * The second e2e run: the same production build, on its own ports and database, with the fake
 * OpenAI-compatible server (tests/harness/fake-openai.ts) answering every model call after a set
 * latency, so the worker really generates and the admin watches it happen. Ports and the latency are
 * set in the environment before the workers start (e2e/fixtures/settings.ts reads them).
 */
process.env.E2E_PORT ??= "3110";
process.env.E2E_PG_PORT ??= "15441";
process.env.E2E_SMTP_PORT ??= "2527";
process.env.E2E_MAIL_API_PORT ??= "3198";
process.env.E2E_FAKE_MODEL_LATENCY_MS ??= "2000";

const { default: base } = await import("./playwright.config");
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ["**/generation-live.spec.ts", "**/generation-reader.spec.ts", "**/generation-tutor.spec.ts", "**/generation-tutor-in-view.spec.ts", "**/generation-request.spec.ts", "**/generation-course-requests.spec.ts", "**/content-review.spec.ts", "**/sources-course.spec.ts", "**/generation-notifications.spec.ts"],
  // Two at once: the specs wait on the model far more than they use the CPU, and each keys its
  // fault rules and topics to its own strings, so they share the worker and the fake model safely.
  workers: 2,
  // It runs beside the main run (`npm run test:e2e`): its own results folder, and no HTML report
  // to overwrite the main run's.
  outputDir: "test-results/generation",
  reporter: [["list"]],
  use: { ...base.use, baseURL },
  webServer: { ...(base.webServer as object), command: "node --import tsx e2e/fixtures/server.ts", url: baseURL },
});
