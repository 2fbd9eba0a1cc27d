import type { LoadClient } from "./client";
import type { Check } from "./verify";

/* The printed report: throughput, latency percentiles, statuses, and the checks. */

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const countsOf = (map: Map<number | string, number>) =>
  [...map]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ") || "none";

export function printTraffic(client: LoadClient, seconds: number): void {
  const all = [...client.latencies.values()].flat().sort((a, b) => a - b);
  console.log(`\nTraffic`);
  console.log(`  requests answered   ${all.length} in ${seconds.toFixed(1)} s = ${(all.length / seconds).toFixed(1)} requests/s`);
  console.log(`  latency             p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? 0)}`);
  console.log(`  statuses            ${countsOf(client.statuses)}`);
  console.log(`  no answer           ${countsOf(client.unanswered)} (connection errors while a server was down; not 5xx)`);
  console.log(`  by endpoint`);
  const width = Math.max(...[...client.latencies.keys()].map((k) => k.length));
  for (const [label, list] of [...client.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    const statuses = countsOf(client.statusesByLabel.get(label) ?? new Map());
    console.log(`    ${label.padEnd(width)}  ${String(sorted.length).padStart(6)}  p50 ${ms(percentile(sorted, 50)).padStart(8)}  p99 ${ms(percentile(sorted, 99)).padStart(8)}  [${statuses}]`);
  }
  if (client.serverErrors.length) {
    console.log(`  first 5xx answers`);
    for (const line of client.serverErrors.slice(0, 10)) console.log(`    ${line}`);
  }
}

export function printChecks(checks: Check[]): boolean {
  console.log(`\nChecks`);
  for (const check of checks) {
    if (check.skipped) console.log(`  SKIP  ${check.name}: ${check.skipped}`);
    else console.log(`  ${check.ok ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  }
  const run = checks.filter((c) => !c.skipped);
  const failed = run.filter((c) => !c.ok).length;
  const skipped = checks.length - run.length;
  console.log(failed ? `\n${failed} of ${run.length} checks FAILED` : `\nall ${run.length} checks passed${skipped ? `, ${skipped} skipped` : ""}`);
  return failed === 0;
}
