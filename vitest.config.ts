import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SlowFilesFirst } from "./tests/harness/slow-files-first";

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./tests/harness/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    // Unit and integration tests sit beside the code they test as *.test.ts.
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", ".data/**", "e2e/**"],
    environment: "node",
    globalSetup: ["tests/harness/global-setup.ts"],
    setupFiles: ["tests/harness/setup-db.ts"],
    // The default report, then every skipped test by name with its reason.
    reporters: ["default", "./tests/harness/skipped-tests-reporter.ts"],
    sequence: { sequencer: SlowFilesFirst },
    pool: "forks",
    // Three files at once on two cores: with two, a third of the CPU sat idle while tests waited on
    // PostgreSQL and their servers' sockets (vitest 373 s -> 316 s, docs/testing.md).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
