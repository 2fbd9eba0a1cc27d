// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  };
  type Histogram = { average: number; p50: number; p99: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: Options): Promise<Result>;
}
