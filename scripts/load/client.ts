/*
 * The simulated clients' HTTP layer: Node's fetch (undici underneath, whose global dispatcher
 * keeps connections alive and reuses them), a cap on requests in flight across all learners,
 * and the books: every answer's status and latency by endpoint, and the attempts that got no
 * answer at all (connection refused or reset while a server was down) counted apart from 5xx.
 * Those are retried until an answer comes or the caller's deadline passes.
 */

export type Answer<T = unknown> = {
  status: number;
  body: T;
  /** Earlier attempts of this request that got no answer: a write among them may still have happened. */
  unanswered: number;
  /** Seconds the server asked to wait (429 / 503 Retry-After), if it said. */
  retryAfter?: number;
};

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT";
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** The endpoint's name in the report (paths carry ids). */
  label: string;
  /** Stop retrying after this time (epoch ms); null is returned then. */
  retryUntil: number;
};

class Semaphore {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === "TimeoutError") return "timeout";
  return cause?.code ?? cause?.message ?? (error as Error).message ?? "unknown";
}

export class LoadClient {
  readonly statuses = new Map<number, number>();
  readonly statusesByLabel = new Map<string, Map<number, number>>();
  readonly latencies = new Map<string, number[]>();
  /** Attempts without an answer, by cause (ECONNREFUSED, ECONNRESET, timeout...). */
  readonly unanswered = new Map<string, number>();
  /** A few 5xx bodies, for the report. */
  readonly serverErrors: string[] = [];
  private gate: Semaphore;

  constructor(maxInFlight: number) {
    this.gate = new Semaphore(maxInFlight);
  }

  private count(label: string, status: number, ms: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const byLabel = this.statusesByLabel.get(label) ?? new Map<number, number>();
    byLabel.set(status, (byLabel.get(status) ?? 0) + 1);
    this.statusesByLabel.set(label, byLabel);
    const list = this.latencies.get(label) ?? [];
    list.push(ms);
    this.latencies.set(label, list);
  }

  /** One call, retried while it gets no answer; null when the deadline passed without one. */
  async request<T = unknown>(baseUrl: string, path: string, options: RequestOptions): Promise<Answer<T> | null> {
    const headers: Record<string, string> = { accept: "application/json" };
    let body: string | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    let unanswered = 0;
    let backoff = 200;
    for (;;) {
      await this.gate.acquire();
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method: options.method ?? "GET",
          headers,
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        const ms = performance.now() - started;
        this.count(options.label, response.status, ms);
        if (response.status >= 500 && this.serverErrors.length < 20) {
          this.serverErrors.push(`${options.method ?? "GET"} ${path} → ${response.status} ${text.slice(0, 200)}`);
        }
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text
        }
        const retryAfter = Number(response.headers.get("retry-after") ?? NaN);
        return { status: response.status, body: parsed as T, unanswered, ...(Number.isFinite(retryAfter) ? { retryAfter } : {}) };
      } catch (error) {
        const cause = describeFailure(error);
        this.unanswered.set(cause, (this.unanswered.get(cause) ?? 0) + 1);
        unanswered++;
      } finally {
        this.gate.release();
      }
      if (Date.now() + backoff > options.retryUntil) return null;
      await new Promise((r) => setTimeout(r, backoff + Math.random() * backoff));
      backoff = Math.min(backoff * 2, 1000);
    }
  }

  totalAnswered(): number {
    let n = 0;
    for (const count of this.statuses.values()) n += count;
    return n;
  }
}
