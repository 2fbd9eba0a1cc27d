import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/*
 * The layers: app/, components/ and api/ use lib/, which uses db/. Lower layers import nothing from
 * higher ones; server/, worker/, scripts/, tests/ and e2e/ may import any layer below them.
 */
const ABOVE_LIB = ["./api", "./app", "./components", "./server", "./worker", "./scripts"];
const LAYER_ZONES = [
  { target: "./db", from: ["./lib", ...ABOVE_LIB], message: "db/ is the bottom layer: pass what it needs from lib/ in as arguments." },
  { target: "./lib", from: ABOVE_LIB, message: "lib/ sits below api/, app/ and components/." },
  { target: "./api", from: ["./app", "./components"], message: "api/ imports nothing from the pages (app/, components/)." },
  // What import/no-cycle skips below relies on this: nothing imports a test or a spec.
  { target: ".", from: ["./**/*.test.ts", "./e2e/**/*.spec.ts"], message: "Tests and specs are run, never imported." },
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    settings: {
      // Packages are not followed (ignoreExternal): without this, no-cycle parses every .d.ts they
      // reach, which made `eslint .` about ten times slower. Each file is resolved once per run.
      "import/ignore": ["node_modules"],
      "import/cache": { lifetime: "∞" },
    },
    rules: {
      "import/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    // Tests and specs are imported by nothing, so no cycle passes through one; walking the whole
    // graph again from each of them cost a third of the rule's time.
    ignores: ["**/*.test.ts", "e2e/**/*.spec.ts"],
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The API and the worker run outside Next.js (api/app.ts, dist/): Next's request-scoped modules
    // would fail there at start (next/server needs Next's environment, and has no ESM exports map).
    files: ["api/**/*.ts", "lib/**/*.ts", "server/**/*.ts", "worker/**/*.ts"],
    ignores: ["lib/auth/page.ts", "lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: ["next/server", "next/headers", "next/navigation", "next/cache"].map((name) => ({ name, message: "The API and the worker run outside Next.js: use lib/http/json-response.ts and plain web APIs." })) },
      ],
    },
  },
  {
    ignores: [".next/**", "dist/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // One log: pino (lib/log/logger.ts), whose JSON lines carry the request or job they belong to.
    // console stays for tests and for what the scripts print as their command-line output.
    ignores: ["**/*.test.ts", "tests/**", "e2e/**", "scripts/**"],
    rules: { "no-console": "error" },
  },
];

export default config;
