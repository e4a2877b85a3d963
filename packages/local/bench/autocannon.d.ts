declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    duration?: number;
    /** A fixed number of requests (overrides duration); the run ends when each has its answer. */
    amount?: number;
    connections?: number;
    overallRate?: number;
    timeout?: number;
    requests?: { setupRequest?: (req: RequestParams) => RequestParams }[];
  }
  interface Instance {
    stop(): void;
  }
  function autocannon(opts: Options, done: (err: Error | null, result?: Result) => void): Instance;
  export default autocannon;
  export type { Instance, Options, RequestParams, Result };
}
