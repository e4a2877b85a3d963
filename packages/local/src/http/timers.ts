/**
 * Retry back-off sleeps a closing server can cut short: close() must not wait out a pending
 * delay, so cancelAll() clears every timer and resolves its sleep at once (the retry loop then
 * sees it is closed and gives up).
 */
export interface Timers {
  sleep(ms: number): Promise<void>;
  cancelAll(): void;
}

export function createTimers(): Timers {
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const entry = {
          resolve,
          timer: setTimeout(() => {
            timers.delete(entry);
            resolve();
          }, ms),
        };
        timers.add(entry);
      }),
    cancelAll() {
      for (const t of timers) {
        clearTimeout(t.timer);
        t.resolve();
      }
      timers.clear();
    },
  };
}
