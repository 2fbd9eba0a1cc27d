// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  /** The request setupRequest receives and returns (autocannon rebuilds it, content-length included). */
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type RequestSpec = Request & { setupRequest?: (request: Request, context: Record<string, unknown>) => Request };
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    requests?: RequestSpec[];
  };
  type Histogram = { average: number; p50: number; p99: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    export type { Request };
  }
  export default autocannon;
}
