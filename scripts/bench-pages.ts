// `npm run bench:pages [-- --preset mobile|desktop] [--runs N] [--port N --pg-port N] [--save-reports DIR]`
//
// Lighthouse (the npm package, driving Debian's Chromium or CHROME_PATH) against a production build
// on a freshly seeded embedded PostgreSQL: /, /about, /explore, /login, and signed in as the seed
// learner /dashboard and the course reader. Each page is audited --runs times (default 5) with the
// preset's throttling applied to the browser and --runs times with Lighthouse's simulated
// throttling; the median run of each (Lighthouse's own computeMedianRun: median FCP and time to
// interactive) is reported, as Lighthouse's variability guide advises: the median of 5 runs is
// "twice as stable as 1 run". With 3, a slow spell of two runs on this 2-core machine decided a
// page. Prints performance, LCP and TBT under applied throttling, the simulated performance and
// every simulated run's LCP, accessibility, best practices and SEO, and the JavaScript each page
// loads first (transferred, compressed).
// Targets (docs/performance.md): performance >= 95, accessibility 100, best practices >= 95; SEO >= 95 on the
// public pages; LCP <= 2.0 s and first-load JavaScript <= 150 kB compressed on
// every page. Exits non-zero when a target is missed.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { TIME_ZONE_COOKIE } from "../lib/practice/activity/time-zone";
import { reportTargets } from "./bench/targets";
import { assertProductionBuild, BENCH_LEARNER, startProductionApp } from "./bench/production-app";

const { values } = parseArgs({
  options: {
    preset: { type: "string", default: "mobile" },
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "3510" },
    "pg-port": { type: "string", default: "54383" },
    // A folder to keep each page's Lighthouse JSON report in (LCP breakdown, request chains...).
    "save-reports": { type: "string" },
  },
});

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 } as const;
/*
 * Performance and LCP are held to their targets under applied throttling: slow 4G and a 4x slower
 * CPU imposed on the browser while the page loads, as a phone on that network would load it.
 * Lighthouse's default, simulated throttling, replays the unthrottled localhost load through
 * Lantern, which counts every script whose run began before the observed paint was presented. On
 * localhost that is a race between the first frame and scripts that arrive in milliseconds: the
 * same page and build score LCP 0.9 s and TBT 50 ms in one run, 2.4 s and 300 ms in the next.
 * Its figures are printed beside them.
 */
const LCP_TARGET_MS = 2000;
const FIRST_LOAD_JS_TARGET_KB = 150;
type Category = keyof typeof TARGETS;
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
const CATEGORIES = Object.keys(TARGETS) as Category[];

assertProductionBuild();
const app = await startProductionApp({ name: "bench-pages", port: Number(values.port), pgPort: Number(values["pg-port"]), quiet: true });
const chromePath = process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
let chrome: chromeLauncher.LaunchedChrome | undefined;

/** A browser session cookie for the seed learner, as the login form gets it (Better Auth's sign-in). */
async function sessionCookie(): Promise<string> {
  const login = await fetch(`${app.url}/api/auth/sign-in/password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ email: BENCH_LEARNER.email, password: BENCH_LEARNER.password }),
  });
  const session = login.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`login failed: ${login.status}`);
  return session.split(";")[0]!;
}

/** The learner has chosen interests (no first-visit modal) and is enrolled in the first course. */
async function prepareLearner(): Promise<number> {
  const login = await fetch(`${app.url}/log_in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: BENCH_LEARNER.email, password: BENCH_LEARNER.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const topics = (await (await fetch(`${app.url}/topics`)).json()) as { id: number; courses: { id: number }[] }[];
  await fetch(`${app.url}/users/topic-preference`, { method: "POST", headers, body: JSON.stringify({ topic_ids: topics.slice(0, 2).map((t) => t.id) }) });
  const courseId = topics[0]!.courses[0]!.id;
  await fetch(`${app.url}/enroll`, { method: "POST", headers, body: JSON.stringify({ course_id: courseId }) });
  return courseId;
}

/** One Lighthouse run; a run whose trace failed (Lighthouse says to run it again) is run again, twice at most. */
async function auditOnce(url: string, flags: Flags): Promise<RunnerResult["lhr"]> {
  const config = values.preset === "desktop" ? desktopConfig : undefined;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.log(`  (${result.lhr.runtimeError.code} on ${url}: running it again)`);
  }
}

type Throttling = "simulate" | "devtools";

/** RUNS audits of one page under one throttling method: the median run, and every run's LCP in milliseconds. */
async function audit(url: string, flags: Flags, saveAs: string, throttling: Throttling): Promise<{ lhr: RunnerResult["lhr"]; lcps: number[] }> {
  const runs: RunnerResult["lhr"][] = [];
  for (let run = 1; run <= RUNS; run++) {
    const lhr = await auditOnce(url, { ...flags, throttlingMethod: throttling });
    runs.push(lhr);
    if (values["save-reports"]) {
      mkdirSync(values["save-reports"], { recursive: true });
      writeFileSync(join(values["save-reports"], `${saveAs}-${throttling}-${run}.json`), JSON.stringify(lhr));
    }
  }
  return { lhr: computeMedianRun(runs), lcps: runs.map(lcpOf) };
}

const lcpOf = (lhr: RunnerResult["lhr"]): number => lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Which element Lighthouse took as the largest paint, to know what to make faster. */
function largestContentfulElement(result: { lhr: RunnerResult["lhr"] }): string {
  const details = result.lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
    | undefined;
  const rows = details?.items ?? [];
  const node = rows[0]?.items?.[0]?.node?.snippet;
  const phases = (rows[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(", ");
  return node ? `\n      LCP element ${node.slice(0, 120)}${phases ? ` (${phases})` : ""}` : "";
}

function firstLoadJs(result: { lhr: RunnerResult["lhr"] }): number {
  const requests = (result.lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

try {
  const courseId = await prepareLearner();
  // A returning learner: signed in, and with the time zone the browser remembered on an earlier
  // visit (lib/practice/activity/time-zone.ts), so the dashboard's streak comes counted in its HTML.
  const cookie = `${await sessionCookie()}; ${TIME_ZONE_COOKIE}=UTC`;
  const pages = [
    { name: "/", path: "/", public: true },
    { name: "/about", path: "/about", public: true },
    { name: "/explore", path: "/explore", public: true },
    { name: "/login", path: "/login", public: true },
    { name: "/dashboard", path: "/dashboard", public: false },
    { name: "reader", path: `/dashboard/detail-courses?courseId=${courseId}`, public: false },
  ];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
  console.log(`bench:pages: Lighthouse ${values.preset} preset, production build, median of ${RUNS} run${RUNS === 1 ? "" : "s"} per page and throttling method\n`);

  const failures: string[] = [];
  const score = (lhr: RunnerResult["lhr"], category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const lcpsWidth = Math.max(22, RUNS * 5 + 2);
  console.log(
    `${"".padEnd(12)}${"applied throttling".padEnd(24)}${"simulated throttling".padEnd(6 + lcpsWidth)}\n` +
      `${"page".padEnd(12)}${"perf".padEnd(6)}${"LCP".padEnd(8)}${"TBT".padEnd(10)}${"perf".padEnd(6)}${"LCP of each run".padEnd(lcpsWidth)}${"a11y".padEnd(6)}${"best".padEnd(6)}${"seo".padEnd(6)}first-load JS`,
  );
  for (const page of pages) {
    const pageFlags: Flags = { ...flags, extraHeaders: page.public ? undefined : { cookie } };
    const saveAs = page.name.replace(/\W+/g, "_");
    const simulated = await audit(`${app.url}${page.path}`, pageFlags, saveAs, "simulate");
    if (!page.public && new URL(simulated.lhr.finalDisplayedUrl).pathname === "/login") throw new Error(`${page.path} redirected to the login page: the session cookie was refused`);
    // The same load with the slow-4G network and 4x slower CPU applied to the browser while it
    // runs (see LCP_TARGET_MS above): performance, LCP and TBT are held to their targets here.
    const applied = await audit(`${app.url}${page.path}`, { ...pageFlags, onlyCategories: ["performance"] }, saveAs, "devtools");
    /** The run a category is judged on: performance on the applied one, the rest on the simulated one. */
    const judged = (category: Category) => (category === "performance" ? applied : simulated).lhr;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(judged(c), c)])) as Record<Category, number>;
    const jsKb = firstLoadJs(simulated) / 1024;
    const lcpMs = lcpOf(applied.lhr);
    console.log(
      page.name.padEnd(12) +
        String(scores.performance).padEnd(6) +
        `${seconds(lcpMs)} s`.padEnd(8) +
        (applied.lhr.audits["total-blocking-time"]?.displayValue ?? "?").padEnd(10) +
        String(score(simulated.lhr, "performance")).padEnd(6) +
        simulated.lcps.map(seconds).join(" ").padEnd(lcpsWidth) +
        String(scores.accessibility).padEnd(6) +
        String(scores["best-practices"]).padEnd(6) +
        String(page.public ? scores.seo : "-").padEnd(6) +
        `${jsKb.toFixed(1)} kB`,
    );
    if (lcpMs > LCP_TARGET_MS) failures.push(`${page.name} LCP ${seconds(lcpMs)} s (target <= ${LCP_TARGET_MS / 1000} s)${largestContentfulElement(applied)}`);
    if (jsKb > FIRST_LOAD_JS_TARGET_KB) failures.push(`${page.name} first-load JS ${jsKb.toFixed(1)} kB (target <= ${FIRST_LOAD_JS_TARGET_KB} kB)`);
    for (const category of CATEGORIES) {
      if (category === "seo" && !page.public) continue; // signed-in pages are not for search engines
      if (scores[category] < TARGETS[category]) {
        const lhr = judged(category);
        const failing = (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
        const lcpElement = category === "performance" ? largestContentfulElement(applied) : "";
        failures.push(`${page.name} ${category} ${scores[category]} (target ${TARGETS[category]}): ${failing.join(", ")}${lcpElement}`);
      }
    }
  }
  reportTargets(
    `performance >= ${TARGETS.performance} and LCP <= ${LCP_TARGET_MS / 1000} s (applied throttling), accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS["best-practices"]}, SEO >= ${TARGETS.seo} on public pages, first-load JS <= ${FIRST_LOAD_JS_TARGET_KB} kB on every page`,
    failures,
  );
} finally {
  await chrome?.kill();
  await app.stop();
}
