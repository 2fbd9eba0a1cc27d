// `node scripts/run-parallel.mjs <script> <script>...`: runs these npm scripts at once, the first
// one's output live and each other's as a block once it has finished (never interleaved), and
// fails when any of them fails. For the test command: checks that do not wait on one another
// share the machine's cores (package.json "test"). A failed script's last lines (where Playwright
// and vitest sum up what failed) are printed again just above the final summary, so a log that
// only keeps its tail, as CI's does, still says which test failed.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <npm script>...");
  process.exit(2);
}

const FAILURE_TAIL_LINES = 60;

function run(script, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (stream) => (chunk) => {
      output += chunk;
      if (live) stream.write(chunk);
    };
    child.stdout.on("data", collect(process.stdout));
    child.stderr.on("data", collect(process.stderr));
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
for (const { script, code, output } of results) {
  if (code === 0) continue;
  const tail = output.trimEnd().split("\n").slice(-FAILURE_TAIL_LINES).join("\n");
  console.log(`\n── the end of npm run ${script}, which failed ──\n${tail}`);
}
// The failed tests' names again, a few lines under each failed script: the last lines of a log are
// sometimes all that is kept of it, and the block above can be longer than that.
const FAILED_TEST = /^\s*(?:\[chromium\] ›|✘|FAIL\s+\S+\.test\.ts)/;
const failedTests = (output) => [...new Set(output.split("\n").filter((line) => FAILED_TEST.test(line)).map((line) => line.trim()))].slice(0, 6);
console.log("");
for (const { script, code, signal, seconds, output } of results) {
  console.log(`${code === 0 ? "ok  " : "FAIL"} npm run ${script} (${seconds.toFixed(0)} s)${code === 0 ? "" : `: ${signal ?? `exit code ${code}`}`}`);
  if (code !== 0) for (const line of failedTests(output)) console.log(`       ${line.slice(0, 160)}`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
