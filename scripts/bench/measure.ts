import autocannon from "autocannon";

/* One autocannon run and the figures the benchmarks print. */

/** A caller of a rotating endpoint: its bearer token and, for a write, its own request body. */
export type RotatingCaller = { token: string; body?: string };

export type Endpoint = {
  name: string;
  method: "GET" | "PUT" | "POST";
  path: string;
  body?: string;
  token?: string;
  /**
   * Per request the next of these callers (round-robin, carried on from run to run), in place of
   * `token` and `body`: for calls limited per learner (docs/performance.md, "API"), so that no
   * learner is sent more than its share.
   */
  rotate?: RotatingCaller[];
};

export type Measurement = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; total: number };

// Where each rotation stands, so the next run (warm-up, app, bare) goes on to the learners after.
const rotationAt = new WeakMap<RotatingCaller[], number>();

export async function measure(baseUrl: string, endpoint: Endpoint, options: { connections: number; seconds: number }): Promise<Measurement> {
  const headers: Record<string, string> = {};
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  if (endpoint.body || endpoint.rotate?.some((c) => c.body)) headers["content-type"] = "application/json";
  const callers = endpoint.rotate;
  const requests = callers?.length
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            const at = rotationAt.get(callers) ?? 0;
            rotationAt.set(callers, at + 1);
            const caller = callers[at % callers.length]!;
            return { ...request, headers: { ...request.headers, authorization: `Bearer ${caller.token}` }, body: caller.body ?? request.body };
          },
        },
      ]
    : undefined;
  const result = await autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    headers,
    body: endpoint.body,
    connections: options.connections,
    duration: options.seconds,
    requests,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}
