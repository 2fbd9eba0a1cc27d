import autocannon from "autocannon";

/* One autocannon run and the figures the benchmarks print. */

export type Endpoint = { name: string; method: "GET" | "PUT"; path: string; body?: string; token?: string };

export type Measurement = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; total: number };

export async function measure(baseUrl: string, endpoint: Endpoint, options: { connections: number; seconds: number }): Promise<Measurement> {
  const headers: Record<string, string> = {};
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  if (endpoint.body) headers["content-type"] = "application/json";
  const result = await autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    headers,
    body: endpoint.body,
    connections: options.connections,
    duration: options.seconds,
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
