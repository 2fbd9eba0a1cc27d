/*
 * Whether a bare twin answered exactly what the app answered (docs/performance.md, "API", "Honest
 * twins"). Pure: the bench makes the two calls on equal state and hands both answers here. Equal
 * means the same status, the same X-Total-Count, and the same JSON: the same keys in the same
 * order, the same array lengths and order, the same values. Only two kinds of field may differ,
 * and only where the endpoint names them (`Leeway`):
 *   - `unordered`: an array the endpoint shuffles on purpose (a review card's options are in a
 *     new order each time it is served): compared as a multiset;
 *   - `clock`: a timestamp the endpoint computes from its own "now" (a review answer's next due
 *     date): the two calls cannot run at the same instant, so each is compared as an interval from
 *     its call's clock, and they are equal when some interval fits both calls (each call's "now"
 *     lies between its request being sent and its answer arriving).
 * Nothing else is normalised.
 */

/** One call's answer, and when it was sent and answered (ms since the epoch, the bench's clock). */
export type Answer = { status: number; body: unknown; totalCount: string | null; sentAt: number; answeredAt: number };

/** Paths as `$.cards[*].options`: `[*]` stands for any index. */
export type Leeway = { unordered?: readonly string[]; clock?: readonly string[] };

export type Difference = { path: string; app: unknown; twin: unknown };

const pattern = (path: string) => path.replace(/\[\d+\]/g, "[*]");

/** Where, in an order a reader can follow (status, total, then the JSON depth first), the twin's answer first differs from the app's; null when it does not. */
export function firstDifference(app: Answer, twin: Answer, leeway: Leeway = {}): Difference | null {
  if (app.status !== twin.status) return { path: "status", app: app.status, twin: twin.status };
  if (app.totalCount !== twin.totalCount) return { path: "X-Total-Count", app: app.totalCount, twin: twin.totalCount };
  const unordered = new Set(leeway.unordered ?? []);
  const clock = new Set(leeway.clock ?? []);

  const walk = (a: unknown, b: unknown, at: string): Difference | null => {
    if (clock.has(pattern(at))) return sameClockValue(a, b, app, twin) ? null : { path: at, app: a, twin: b };
    if (kind(a) !== kind(b)) return { path: at, app: a, twin: b };
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return { path: `${at}.length`, app: a.length, twin: b.length };
      const [left, right] = unordered.has(pattern(at)) ? [sortedCopy(a), sortedCopy(b)] : [a, b];
      for (let i = 0; i < left.length; i++) {
        const d = walk(left[i], right[i], `${at}[${i}]`);
        if (d) return d;
      }
      return null;
    }
    if (kind(a) === "object") {
      const [ka, kb] = [Object.keys(a as object), Object.keys(b as object)];
      for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
        // The first key out of place: missing on one side, or in another order.
        if (ka[i] !== kb[i]) return { path: `${at} keys[${i}]`, app: ka[i] ?? "(none)", twin: kb[i] ?? "(none)" };
      }
      for (const k of ka) {
        const d = walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
        if (d) return d;
      }
      return null;
    }
    return a === b ? null : { path: at, app: a, twin: b };
  };
  return walk(app.body, twin.body, "$");
}

/** The first difference as one line of the bench's report. */
export function describeDifference(d: Difference): string {
  return `at ${d.path}: app ${JSON.stringify(d.app)}, twin ${JSON.stringify(d.twin)}`;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function sortedCopy(items: unknown[]): unknown[] {
  return items.map((item) => [JSON.stringify(item), item] as const).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, item]) => item);
}

/**
 * Two timestamps computed as "now + interval" by two calls: equal when one interval fits both,
 * each call's "now" somewhere between its sending and its answer. Null on both sides is equal too
 * (no date to compute); anything else that is not a timestamp on both sides is a difference.
 */
function sameClockValue(a: unknown, b: unknown, app: Answer, twin: Answer): boolean {
  if (a === null && b === null) return true;
  if (typeof a !== "string" || typeof b !== "string") return false;
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(ta) || Number.isNaN(tb)) return false;
  // Interval of the app's value: between ta - answeredAt and ta - sentAt; the same for the twin's.
  const low = Math.max(ta - app.answeredAt, tb - twin.answeredAt);
  const high = Math.min(ta - app.sentAt, tb - twin.sentAt);
  return low <= high;
}
