import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { AREAS, TOOLKITS } from "./scripts/lib/areas.mjs";

/*
 * The layers: app/, components/ and api/ use lib/, which uses db/. Lower layers import nothing from
 * higher ones; server/, worker/, scripts/, tests/ and e2e/ may import any layer below them.
 * client/ is the browser's own code: the pages (app/, components/) use it, and it reads lib/, db/
 * and api/ for types only (the client/ block below), so no server code reaches a browser bundle.
 */
const ABOVE_LIB = ["./api", "./app", "./components", "./client", "./server", "./worker", "./scripts"];
const LAYER_ZONES = [
  { target: "./db", from: ["./lib", ...ABOVE_LIB], message: "db/ is the bottom layer: pass what it needs from lib/ in as arguments." },
  { target: "./lib", from: ABOVE_LIB, message: "lib/ sits below api/, app/, components/ and client/." },
  { target: "./api", from: ["./app", "./components", "./client"], message: "api/ imports nothing from the pages (app/, components/) or the browser's code (client/)." },
  { target: "./client", from: ["./app", "./components", "./server", "./worker", "./scripts"], message: "client/ is used by the pages (app/, components/), never the other way round." },
  { target: ["./server", "./worker"], from: "./client", message: "client/ runs in the browser only: app/ and components/ use it." },
  // What import/no-cycle skips below relies on this: nothing imports a test or a spec.
  { target: ".", from: ["./**/*.test.ts", "./e2e/**/*.spec.ts"], message: "Tests and specs are run, never imported." },
];

/*
 * The areas of lib/ (scripts/lib/areas.mjs, docs/architecture.md): an area imports only the areas
 * below it, and only through their index.ts (platform's files one by one). A call that would run
 * upward is a job the lower area declares and sends, or a notification it publishes. Tests beside
 * a file are the edge, like tests/: the block further down leaves them only the layers' zones.
 * `npm run check:structure` prints the graph these zones hold.
 */
const AREA_ZONES = AREAS.flatMap((area, rank) =>
  AREAS.filter((other) => other !== area).map((other) =>
    AREAS.indexOf(other) > rank
      ? { target: `./lib/${area}`, from: `./lib/${other}`, message: `lib/${area} sits below lib/${other}: send a job the lower area declares, or publish a notification, instead (docs/architecture.md).` }
      : TOOLKITS.includes(other)
        ? null
        : { target: `./lib/${area}`, from: `./lib/${other}`, except: ["./index.ts"], message: `Import lib/${other} (its index.ts), not its files: add what you need to lib/${other}/index.ts.` },
  ),
).filter(Boolean);

/*
 * A path written by hand for fetch or EventSource in the pages: every same-origin path is the API's
 * (api/routes/, called by key through client/api.ts) or Better Auth's (/api/auth/*, client/auth.ts).
 * esquery's regexes cannot hold a "/", hence \u002F.
 */
const HAND_BUILT = "Call the API by its endpoint's key (call, endpointRequest or endpointUrl in client/api.ts), not a path written by hand.";
const BY_PATH = (callee) => [
  { selector: `${callee}[arguments.0.type='Literal'][arguments.0.value=/^\\u002F/]`, message: HAND_BUILT },
  { selector: `${callee}[arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=/^\\u002F/]`, message: HAND_BUILT },
];
const HAND_BUILT_API_PATHS = [
  ...BY_PATH("CallExpression[callee.name='fetch']"),
  ...BY_PATH("CallExpression[callee.property.name='fetch']"),
  ...BY_PATH("NewExpression[callee.name='EventSource']"),
  { selector: "Literal[value=/^\\u002Fapi\\u002F/]", message: "Better Auth's endpoints are called from client/auth.ts." },
  { selector: "TemplateLiteral[quasis.0.value.raw=/^\\u002Fapi\\u002F/]", message: "Better Auth's endpoints are called from client/auth.ts." },
];

const OUTSIDE_NEXT = ["next/server", "next/headers", "next/navigation", "next/cache"].map((name) => ({
  name,
  message: "The API and the worker run outside Next.js: use lib/platform/http/json-response.ts and plain web APIs.",
}));
const GLOBAL_DATABASE = {
  group: ["**/db/client"],
  importNames: ["getDb"],
  message: 'Take the executor as the function\'s first parameter, `db`, and let the caller pass it (docs/architecture.md, "Reaching the database").',
};
const DATABASE_EDGES_IN_LIB = ["lib/platform/jobs/runner.ts", "lib/accounts/auth/better-auth.ts", "lib/accounts/auth/instance.ts", "lib/accounts/auth/page.ts"];

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
      "import/no-restricted-paths": ["error", { zones: [...LAYER_ZONES, ...AREA_ZONES] }],
    },
  },
  {
    files: ["lib/**/*.test.ts"],
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
    ignores: ["lib/accounts/auth/page.ts"],
    rules: { "no-restricted-imports": ["error", { paths: OUTSIDE_NEXT }] },
  },
  {
    // A rule runs on the executor it is handed; the global handle is taken where a request or a job
    // enters (docs/architecture.md, "Reaching the database"). The edges inside lib/: the job runner,
    // which hands each job its database, Better Auth's wiring, which Better Auth calls back, and the
    // pages' session helper (page.ts, where a page request meets the database).
    files: ["lib/**/*.ts"],
    ignores: ["**/*.test.ts", ...DATABASE_EDGES_IN_LIB],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: OUTSIDE_NEXT, patterns: [GLOBAL_DATABASE] },
      ],
    },
  },
  {
    // The browser's code takes only types from the server's layers: a value import would bundle
    // server code (and its secrets' names) into every page that uses it (docs/architecture.md).
    files: ["client/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/*", "@/db/*", "@/api/*", "@/api", "../lib/*", "../db/*", "../api/*"],
              allowTypeImports: true,
              message: "client/ runs in the browser: import only types from lib/, db/ and api/ (import type).",
            },
          ],
        },
      ],
    },
  },
  {
    // The pages call the API by an endpoint's declared key, so that a renamed or removed endpoint
    // fails the typecheck instead of a page.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...HAND_BUILT_API_PATHS],
    },
  },
  {
    ignores: [".next/**", "dist/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // One log: pino (lib/platform/log/logger.ts), whose JSON lines carry the request or job they belong to.
    // console stays for tests and for what the scripts print as their command-line output.
    ignores: ["**/*.test.ts", "tests/**", "e2e/**", "scripts/**"],
    rules: { "no-console": "error" },
  },
];

export default config;
