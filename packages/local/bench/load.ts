/// <reference path="./autocannon.d.ts" />
/**
 * The load generator of `npm run bench:api`, in its own process (forked by api.ts) so that the
 * client's work never shares the server's event loop. It receives one route at a time, drives it
 * with autocannon at a fixed rate on loopback, and sends the figures back.
 */
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  errors: number;
}

process.on("message", async (job: LoadJob) => {
  const r = await autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    ...(job.body !== undefined ? { body: job.body } : {}),
    duration: job.seconds,
    overallRate: job.rate,
    connections: job.connections,
    timeout: 10,
  });
  const result: LoadResult = {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  };
  process.send?.(result);
});
