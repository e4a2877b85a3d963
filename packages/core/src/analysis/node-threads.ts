/**
 * Node's worker threads for parallel.ts (Node only: never imported by index.ts, which the site
 * loads). `startThreads(helpers, entry)` starts `helpers` workers running `entry`, a module that
 * calls `serveStages()` when it is not the main thread (the bench's CLI bundles both in one file;
 * the local analysis pool has its own entry). The stages are parallel.ts's STAGES: the same code
 * the calling thread runs.
 */
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { STAGES, type StageName, type Threads } from "./parallel.ts";

interface Request {
  id: number;
  stage: StageName;
  args: unknown;
}

/**
 * Helpers worth starting here: one per core beyond the caller's, at most `max`, and none on a machine
 * of two cores or fewer: there a helper's own start and compilation cost more than the half it takes
 * (npm run bench:analyze prints both, with and without).
 */
export const helpersHere = (max = 3) => (availableParallelism() > 2 ? Math.max(0, Math.min(max, availableParallelism() - 1)) : 0);

export function startThreads(helpers: number, entry: string | URL, execArgv?: string[]): Threads & { close(): Promise<void> } {
  const workers = Array.from({ length: helpers }, () => new Worker(entry, execArgv ? { execArgv } : {}));
  const waiting = new Map<number, { worker: Worker; resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let next = 1;
  for (const w of workers) {
    w.on("message", (m: { id: number; result?: unknown; error?: string }) => {
      const p = waiting.get(m.id);
      if (!p) return;
      waiting.delete(m.id);
      // an idle helper does not keep the process alive; one at work does
      if (![...waiting.values()].some((x) => x.worker === w)) w.unref();
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
    });
    w.on("error", (e) => {
      for (const p of waiting.values()) p.reject(e);
      waiting.clear();
    });
    w.unref();
  }
  return {
    helpers,
    run(helper, stage, args) {
      const id = next++;
      const worker = workers[helper - 1]!;
      worker.ref();
      return new Promise((resolve, reject) => {
        waiting.set(id, { worker, resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ id, stage, args } satisfies Request);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** In a worker: run the stages asked for (their arrays are in the shared memory the message carries). */
export function serveStages(): void {
  if (isMainThread || !parentPort) return;
  const port = parentPort;
  port.on("message", ({ id, stage, args }: Request) => {
    try {
      port.postMessage({ id, result: (STAGES[stage] as (a: unknown) => unknown)(args) });
    } catch (e) {
      port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    }
  });
}
