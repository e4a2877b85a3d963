/**
 * Resolves once the browser has nothing more urgent to do (`requestIdleCallback`), or after
 * `timeoutMs` at the latest. Where there is no such callback (Safari, jsdom), on the next task.
 */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
