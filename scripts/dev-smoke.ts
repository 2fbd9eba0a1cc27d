// `npm run test:dev`: the README's first command as a newcomer runs it.
//
// `npm run dev` exactly as the README says (no DATABASE_URL: the embedded PostgreSQL, here with a
// data directory and ports of its own), then: the hero, a learner signed up (the code read from the
// development outbox in the server's output) and signed in, the dashboard and a lesson page in a
// browser in development mode (200, no error overlay, no page error), Ctrl-C as a terminal sends it
// (SIGINT to the whole process group), every process gone, and a second `npm run dev` on the same
// data. Then the database commands the README lists that need no extra tool, against that data.
// `npm install` is not run again: CI has just run `npm ci`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_MISSING, chromiumForRun } from "./lib/chromium";
import { printChecks } from "./load/report";
import type { Check } from "./load/verify";

const PORT = 3470;
// Below the kernel's ephemeral range (32768-60999), as the fault tests' ports: nothing else holds it.
const PG_PORT = 31373;
const BASE = `http://localhost:${PORT}`;
const HERO = "AI-Powered Learning Built Just for You";
/** Development mode compiles each page on its first request: minutes on a busy 2-core machine. */
const START_WITHIN_MS = 300_000;
const PAGE_WITHIN_MS = 240_000;
const STOP_WITHIN_MS = 60_000;

const dataDir = resolve(".data", "test-dev");
const started = Date.now();
const say = (line: string) => console.log(`[test:dev] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${line}`);
// As a newcomer's shell has it: no DATABASE_URL, no NODE_ENV (npm run dev sets development).
const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), EMBEDDED_PG_PORT: String(PG_PORT) };
delete env.DATABASE_URL;
delete env.NODE_ENV;

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `npm run <script>` as a terminal starts it: the leader of its own process group. */
function npmRun(args: string[]): Run {
  const child = spawn("npm", ["run", ...args], { env: env as typeof process.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code, signal) => done(code ?? (signal ? 128 : null))));
  return { child, output: () => output, exited };
}

async function poll<T>(what: string, withinMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + withinMs;
  let lastError = "";
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not within ${withinMs / 1000} s${lastError ? ` (last: ${lastError})` : ""}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids the web server and the worker log with every line, and the postmaster's. */
function processIds(output: string): { web?: number; worker?: number; postgres?: number } {
  const pidOf = (prefix: string) => Number(new RegExp(`^\\[${prefix}\\] \\{.*?"pid":(\\d+)`, "m").exec(output)?.[1]) || undefined;
  const pidFile = join(dataDir, "postgres", "postmaster.pid");
  const postgres = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) || undefined : undefined;
  return { web: pidOf("web"), worker: pidOf("worker"), postgres };
}

async function heroServed(run: Run): Promise<void> {
  await poll("the hero", START_WITHIN_MS, async () => {
    if (run.child.exitCode !== null) throw new Error(`npm run dev exited (${run.child.exitCode}):\n${run.output().slice(-3000)}`);
    const response = await fetch(`${BASE}/`, { signal: AbortSignal.timeout(PAGE_WITHIN_MS) });
    return response.status === 200 && (await response.text()).includes(HERO) ? true : undefined;
  });
}

async function api<T>(path: string, init: RequestInit): Promise<{ status: number; body: T; response: Response }> {
  const response = await fetch(`${BASE}${path}`, { ...init, headers: { "content-type": "application/json", origin: BASE, ...init.headers } });
  return { status: response.status, body: (await response.json().catch(() => null)) as T, response };
}

/** Ctrl-C: SIGINT to the foreground process group, every process of it at once. */
async function controlC(run: Run, label: string): Promise<Check[]> {
  const pids = processIds(run.output());
  process.kill(-run.child.pid!, "SIGINT");
  const code = await Promise.race([run.exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), STOP_WITHIN_MS))]);
  const named = Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const left = await poll("every process gone", STOP_WITHIN_MS, async () => {
    const running = named.filter(([, pid]) => alive(pid));
    return running.length === 0 ? [] : undefined;
  }).catch(() => named.filter(([, pid]) => alive(pid)));
  const output = run.output();
  return [
    { name: `${label}: Ctrl-C ends npm run dev`, ok: code !== "hung", detail: code === "hung" ? `still running after ${STOP_WITHIN_MS / 1000} s` : `exit ${code}` },
    {
      name: `${label}: the web server, the worker and PostgreSQL all exited`,
      ok: named.length === 3 && left.length === 0,
      detail: named.length < 3 ? `pids found: ${JSON.stringify(pids)}` : left.length ? `still running: ${left.map(([n, p]) => `${n} ${p}`).join(", ")}` : named.map(([n, p]) => `${n} ${p}`).join(", "),
    },
    {
      name: `${label}: stopped in order (no cut connection, no crash)`,
      ok: output.includes("[stack] stopped") && !/terminating connection due to administrator command|Unhandled 'error' event|exited \(code/.test(output),
      detail: output.includes("[stack] stopped") ? "[stack] stopped" : `no "[stack] stopped":\n${output.slice(-2000)}`,
    },
  ];
}

function dbCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  const run = npmRun(args);
  return run.exited.then((code) => ({ code, output: run.output() }));
}

rmSync(dataDir, { recursive: true, force: true });
const chromiumPath = chromiumForRun();
const checks: Check[] = [];
let exitCode = 1;
let current: Run | null = null;
const browser = chromiumPath === null ? null : await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });

try {
  say(`npm run dev (data in ${dataDir}, port ${PORT})`);
  current = npmRun(["dev"]);
  await heroServed(current);
  say("the hero is served");
  checks.push({ name: "the first npm run dev serves the hero", ok: true, detail: HERO });

  // Sign up as the form does: the values with the code request, the code from the outbox in the output.
  const email = `newcomer-${Date.now()}@example.com`;
  const password = "newcomer-password";
  const sent = await api<{ signup_token: string }>("/register/send-code", { method: "POST", body: JSON.stringify({ email, first_name: "New", last_name: "Comer", password }) });
  const run = current;
  const code = await poll("the sign-up code in the development outbox", 30_000, async () => {
    const line = run.output().split("\n").find((l) => l.includes(`"to":"${email}"`));
    return line ? /(\d{6}) is your LearnPath verification code/.exec(line)?.[1] : undefined;
  });
  const verified = await api<{ registered: boolean }>("/register/verify-code", { method: "POST", body: JSON.stringify({ email, code, signup_token: sent.body.signup_token }) });
  checks.push({ name: "a learner signs up with the e-mailed code", ok: sent.status === 200 && verified.status === 200 && verified.body.registered, detail: `send-code ${sent.status}, verify-code ${verified.status}` });

  const signIn = await api<unknown>("/api/auth/sign-in/password", { method: "POST", body: JSON.stringify({ email, password }) });
  const cookie = signIn.response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  const logIn = await fetch(`${BASE}/log_in`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username: email, password }) });
  const { access_token: token } = (await logIn.json()) as { access_token: string };
  const topics = await api<{ courses: { id: number }[] }[]>("/topics", { headers: {} });
  const courseId = topics.body.flatMap((t) => t.courses)[0]!.id;
  const enrol = await api<unknown>("/enroll", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ course_id: courseId }) });
  checks.push({ name: "the learner signs in and enrols", ok: signIn.status === 200 && cookie !== undefined && enrol.status < 300, detail: `sign-in ${signIn.status}, enrol ${enrol.status}` });

  if (browser && cookie) {
    const context = await browser.newContext();
    const [name, ...value] = cookie.split(";")[0]!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: BASE }]);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    for (const [label, path, heading] of [
      ["the dashboard", "/dashboard", /./],
      ["a lesson", `/dashboard/detail-courses?courseId=${courseId}&section=0&sub=0`, /./],
    ] as const) {
      const response = await page.goto(`${BASE}${path}`, { timeout: PAGE_WITHIN_MS });
      // The response may be the page's loading state while development mode still compiles the
      // screen behind it, so the heading gets as long as the page itself. It is looked for in the
      // document, shown or not: a new learner's dashboard opens the interests dialog over it, which
      // hides the rest of the page from the accessibility tree (a role query then never finds it).
      const shown = await page.locator("h1").filter({ hasText: heading }).first().waitFor({ state: "attached", timeout: PAGE_WITHIN_MS }).then(() => true, () => false);
      // Next's development overlay lives in the shadow root of <nextjs-portal>; an error shows a dialog or an issue count there.
      const overlay = await page.evaluate(() => {
        const root = document.querySelector("nextjs-portal")?.shadowRoot;
        const dialog = root?.querySelector("[data-nextjs-dialog], [data-nextjs-error-overlay]");
        const issues = root?.querySelector("[data-issues-count]")?.getAttribute("data-issues-count");
        return dialog ? "error dialog" : issues && issues !== "0" ? `${issues} issue(s)` : "";
      });
      say(`${label} opened`);
      const ok = response?.status() === 200 && shown && overlay === "" && pageErrors.length === 0;
      checks.push({ name: `${label} opens in development mode`, ok, detail: `status ${response?.status()}, heading ${shown ? "shown" : "missing"}${overlay ? `, overlay: ${overlay}` : ""}${pageErrors.length ? `, page errors: ${pageErrors.join("; ")}` : ""}` });
    }
    await context.close();
  } else {
    checks.push({ name: "the dashboard and a lesson open in development mode", ok: false, detail: "", skipped: browser ? "no session cookie" : CHROMIUM_MISSING });
  }

  say("Ctrl-C");
  checks.push(...(await controlC(current, "first run")));
  current = null;

  say("npm run dev again on the same data");
  current = npmRun(["dev"]);
  await heroServed(current);
  const again = current.output();
  checks.push({ name: "a second npm run dev on the same data starts", ok: !again.includes("seeded"), detail: again.includes("seeded") ? "it seeded again: the data was lost" : "hero served, data kept" });
  say("the hero is served again; npm run db:counts beside it");
  const counts = await dbCommand(["db:counts"]);
  checks.push({ name: "npm run db:counts beside the running app", ok: counts.code === 0 && /users/.test(counts.output), detail: `exit ${counts.code}` });
  checks.push(...(await controlC(current, "second run")));
  current = null;

  say("the database commands, the app stopped");
  // With the app stopped: each command starts the embedded PostgreSQL for the moment.
  for (const args of [["db:migrate"], ["db:seed", "--", "--if-empty"], ["db:counts"]]) {
    const result = await dbCommand(args);
    checks.push({ name: `npm run ${args.join(" ")}`, ok: result.code === 0, detail: result.code === 0 ? (result.output.trim().split("\n").at(-1) ?? "") : result.output.slice(-1500) });
  }
  if (printChecks(checks)) exitCode = 0;
} catch (error) {
  console.error("[test:dev] failed:", error instanceof Error ? error.message : error);
  printChecks(checks);
  if (current) console.error(current.output().slice(-4000));
} finally {
  await browser?.close();
  if (current?.child.pid && current.child.exitCode === null) {
    process.kill(-current.child.pid, "SIGINT");
    await Promise.race([current.exited, new Promise((r) => setTimeout(r, STOP_WITHIN_MS))]);
  }
  if (exitCode === 0) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
