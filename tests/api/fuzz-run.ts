import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { startSmtpCapture, type SmtpCapture } from "../../e2e/fixtures/smtp-capture";
import { isApiRequest } from "../../lib/platform/navigation/unknown-path";
import { call, NOT_FOUND_PAGE, type CallResult } from "../harness/http";
import { changedTables, fingerprint } from "./db-fingerprint";
import { fuzzCases, type FuzzCase } from "./fuzz-cases";
import { ENDPOINTS, endpointName, UNKNOWN_PATH, type Endpoint } from "./routes";
import { createWorld } from "./world";

/*
 * Every endpoint of the API (api/routes/) gets a few hundred generated bad inputs (wrong types,
 * missing and extra fields, huge bodies, NUL bytes and broken Unicode, odd numbers, malformed
 * JSON, wrong content types, bad path ids and query values, bad credentials). Whatever comes
 * in: never a 5xx, every 4xx is JSON with a `detail` string and no stack trace, a case the
 * contract says must be refused is refused, and a refused call writes nothing.
 *
 * Reproduce a run with FUZZ_SEED=<seed>; FUZZ_CASES sets the cases per endpoint.
 *
 * The endpoints are dealt round-robin to a few files (fuzz-1.test.ts ...): vitest runs a file on
 * one worker, and one file of some 20,000 calls was the unit stage's longest path by minutes.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_608);
const CASES_PER_ENDPOINT = Number(process.env.FUZZ_CASES ?? 200);
// The unknown-path handler reads nothing but the method, path and Accept header: fewer random cases do.
const CASES_PER_UNKNOWN_PATH_METHOD = Math.ceil(CASES_PER_ENDPOINT / 3);

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+/;

/** A browser opening a path no page holds: Next.js's not-found page answers, in HTML (lib/platform/navigation/unknown-path.ts). */
function isPageRequest(endpoint: Endpoint, fuzzCase: FuzzCase): boolean {
  const method = fuzzCase.request.method ?? endpoint.method;
  return endpoint.path === UNKNOWN_PATH && !isApiRequest(method, new Headers(fuzzCase.request.headers).get("accept"));
}

/** What is wrong with one answer, or null. */
function problemWith(endpoint: Endpoint, fuzzCase: FuzzCase, res: CallResult, written: string[]): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`;
  // The not-found page, only ever for a browser (an API call, under a namespace or not, gets JSON).
  if (res.body === NOT_FOUND_PAGE) {
    if (!isPageRequest(endpoint, fuzzCase)) return "an API call got the not-found page";
    return written.length ? `the not-found page wrote to ${written.join(", ")}` : null;
  }
  if (res.status >= 400 && fuzzCase.request.method === "HEAD") {
    // An answer to HEAD has no body (the server drops it): only what it wrote can be checked.
    if (written.length) return `refused with ${res.status} but wrote to ${written.join(", ")}`;
  } else if (res.status >= 400) {
    if (!res.headers.get("content-type")?.includes("application/json")) return `${res.status} without a JSON body`;
    if (typeof res.body?.detail !== "string" || !res.body.detail) return `${res.status} without a detail string: ${JSON.stringify(res.body)?.slice(0, 200)}`;
    if (STACK_TRACE.test(JSON.stringify(res.body))) return `${res.status} leaks a stack trace`;
    if (written.length) return `refused with ${res.status} but wrote to ${written.join(", ")}`;
  } else if (fuzzCase.verdict === "reject") {
    return `accepted with ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`;
  }
  return null;
}

/** How many files share the endpoints: fuzz-1.test.ts to fuzz-4.test.ts. */
const SHARES = 4;

/** Every `shards`th endpoint from `shard` on: together the shares hold every endpoint once. */
function shareOf(shard: number, shards: number): Endpoint[] {
  return ENDPOINTS.filter((_, i) => i % shards === shard);
}

/** Declares the fuzz tests of share `shard` (0 to SHARES - 1) of the endpoints; each test file calls it once. */
export function fuzzShare(shard: number, shards = SHARES): void {
  let smtp: SmtpCapture;
  const summary: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
  });

  afterAll(async () => {
    await smtp.close();
    console.log(`fuzz, share ${shard + 1} of ${shards} (seed ${SEED}):\n${summary.join("\n")}`);
  });

  describe(`fuzzing endpoints, share ${shard + 1} of ${shards} (seed ${SEED})`, () => {
    it.each(shareOf(shard, shards).map((endpoint) => [endpointName(endpoint), endpoint] as const))(
      "%s",
      async (_name, endpoint) => {
        await getDb().delete(rateLimits);
        const world = await createWorld();
        const token = endpoint.access === "public" ? undefined : world.admin.token;
        const cases = fuzzCases(endpoint, endpoint.example(world, world.a.id), token, SEED, endpoint.path === "/{...unknown}" ? CASES_PER_UNKNOWN_PATH_METHOD : CASES_PER_ENDPOINT);
        const problems: string[] = [];
        const statuses = new Map<number, number>();
        let before = await fingerprint();
        for (const fuzzCase of cases) {
          const res = await call(endpoint.key, fuzzCase.request);
          const after = await fingerprint();
          const problem = problemWith(endpoint, fuzzCase, res, changedTables(before, after));
          if (problem) problems.push(`${fuzzCase.name}: ${problem}`);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          before = after;
        }
        const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
        summary.push(`  ${endpointName(endpoint)}: ${cases.length} cases, ${counts.join(" ")}`);
        expect(problems).toEqual([]);
      },
      180_000,
    );
  });
}
