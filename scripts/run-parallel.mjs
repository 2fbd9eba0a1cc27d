// `node scripts/run-parallel.mjs <script> <script>...`: runs these npm scripts at once, the first
// one's output live and each other's as a block once it has finished (never interleaved), and
// fails when any of them fails. For the test command: checks that do not wait on one another
// share the machine's cores (package.json "test").
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <npm script>...");
  process.exit(2);
}

function run(script, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => resolve({ script, code: code ?? 1, signal, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const [first, ...rest] = scripts;
const others = rest.map((script) => run(script, false));
const results = [await run(first, true)];
for (const pending of others) {
  const result = await pending;
  console.log(`\n── npm run ${result.script} ──\n${result.output.trimEnd()}`);
  results.push(result);
}
console.log("");
for (const { script, code, signal, seconds } of results) console.log(`${code === 0 ? "ok  " : "FAIL"} npm run ${script} (${seconds.toFixed(0)} s)${code === 0 ? "" : `: ${signal ?? `exit code ${code}`}`}`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
