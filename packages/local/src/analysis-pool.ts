import { Worker } from "node:worker_threads";
import type { DesignGeometry } from "@printhood/core/analysis/index";
import { fail, VisibleError } from "@printhood/core/shared/errors";

/**
 * Local mode runs the design analysis in a worker thread, so a large or slow file never holds up
 * the API's event loop (in AWS each analysis is its own Lambda invocation and needs none of this).
 * One worker, jobs in order; a job that runs past `timeoutMs` ends the worker (a new one starts
 * for the next job) and fails with a clear error instead of occupying it for ever.
 */
export interface AnalysisPool {
  measure(bytes: Uint8Array, fileName: string): Promise<DesignGeometry>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  resolve: (g: DesignGeometry) => void;
  reject: (e: unknown) => void;
}

type Reply = { id: number; geometry?: DesignGeometry; error?: { kind?: string; code?: string; message: string } } | { ready: true };

export function startAnalysisPool(options: { timeoutMs?: number; helpers?: number } = {}): AnalysisPool {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  const spawn = (): Worker => {
    // helper threads of its own for large files (by default one per core beyond two: the API keeps one)
    const w = new Worker(new URL("./analysis-thread.mjs", import.meta.url), { workerData: { helpers: options.helpers } });
    w.on("message", (m: Reply) => {
      if ("ready" in m || !current || m.id !== current.id) return;
      const job = current;
      finish();
      if (m.geometry) job.resolve(m.geometry);
      else if (m.error?.code && m.error.kind) job.reject(new VisibleError(m.error.kind as never, m.error.code, m.error.message));
      else job.reject(new Error(m.error?.message ?? "analysis failed"));
      pump();
    });
    w.on("error", (e) => {
      const job = current;
      finish();
      worker = null;
      job?.reject(e);
      pump();
    });
    w.unref();
    return w;
  };
  const finish = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    current = null;
  };
  const pump = () => {
    if (closed || current || queue.length === 0) return;
    const job = queue.shift()!;
    current = job;
    worker ??= spawn();
    timer = setTimeout(() => {
      // the file keeps the worker busy too long: end it; the next job gets a fresh one
      const w = worker;
      worker = null;
      finish();
      void w?.terminate();
      job.reject(fail("analysis_timeout"));
      pump();
    }, timeoutMs);
    worker.postMessage({ id: job.id, bytes: job.bytes, fileName: job.fileName });
  };

  return {
    measure(bytes, fileName) {
      if (closed) return Promise.reject(new Error("analysis pool closed"));
      return new Promise<DesignGeometry>((resolve, reject) => {
        queue.push({ id: nextId++, bytes, fileName, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const j of queue.splice(0)) j.reject(new Error("analysis pool closed"));
      if (current) current.reject(new Error("analysis pool closed"));
      finish();
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
