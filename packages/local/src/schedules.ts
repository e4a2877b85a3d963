import { SCHEDULES, type Schedule } from "@printhood/core/events/rules";
import { importHandler } from "./event-bus.ts";

export interface LocalSchedules {
  /** Resolves when no scheduled run is in progress. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Local mode's stand-in for EventBridge's scheduled rules: a timer per entry of the same
 * SCHEDULES list the stacks deploy (architecture rule 8), invoking the real handler. A run
 * never overlaps the previous one; failures are logged and the timer goes on.
 */
export function startSchedules(options: { schedules?: Schedule[]; intervalMs?: (s: Schedule) => number } = {}): LocalSchedules {
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  for (const schedule of options.schedules ?? SCHEDULES) {
    let busy = false;
    const every = options.intervalMs?.(schedule) ?? schedule.everyMinutes * 60_000;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = importHandler(schedule.handler)
        .then((handler) => handler({} as never))
        .then(() => undefined)
        .catch((e: unknown) => console.error(`[schedule] ${schedule.id} failed:`, e))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, every);
    timer.unref();
    timers.push(timer);
  }
  const idle = async () => {
    while (running.size) await Promise.allSettled([...running]);
  };
  return {
    idle,
    async close() {
      for (const t of timers) clearInterval(t);
      await idle();
    },
  };
}
