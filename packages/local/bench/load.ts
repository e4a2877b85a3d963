/// <reference path="./autocannon.d.ts" />
/**
 * The load generator of `npm run bench:api`, in its own process (forked by api.ts) so that the
 * client's work never shares the server's event loop. It receives one route at a time, drives it
 * with autocannon on loopback at a fixed rate, and sends the figures back.
 *
 * A run is a fixed number of requests (rate × seconds) sent at that rate, and it ends when every
 * one has its answer: nothing is left in flight when the next route starts or the server closes.
 * A run still going after `limitSeconds` is stopped, and what had no answer counts as errors.
 */
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** One body for every request, or several taken in turn (sign-in rotates accounts). */
  bodies?: string[];
  rate: number;
  seconds: number;
  connections: number;
  limitSeconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  sent: number;
  errors: number;
}

function run(job: LoadJob): Promise<LoadResult> {
  const amount = Math.round(job.rate * job.seconds);
  const bodies = job.bodies ?? [];
  let next = 0;
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: job.url,
        method: job.method,
        headers: job.headers,
        amount,
        overallRate: job.rate,
        connections: job.connections,
        timeout: 10,
        ...(bodies.length ? { requests: [{ setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] ?? "" }) }] } : {}),
      },
      (err, r) => {
        clearTimeout(limit);
        if (err || !r) return fail(err ?? new Error("autocannon gave no result"));
        const answered = r["2xx"] + r.non2xx;
        done({
          rps: r.requests.total / r.duration,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          total: r.requests.total,
          sent: amount,
          // Errors, timeouts, non-2xx answers, and requests that never got an answer.
          errors: r.errors + r.timeouts + r.non2xx + Math.max(0, amount - answered - r.errors - r.timeouts),
        });
      },
    );
    const limit = setTimeout(() => instance.stop(), job.limitSeconds * 1000);
  });
}

process.on("message", async (job: LoadJob) => {
  process.send?.(await run(job));
});
