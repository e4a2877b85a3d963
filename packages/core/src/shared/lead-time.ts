/**
 * The owner's lead time (issue 22 point 4): how long a new order waits behind the print hours
 * already in the printer's queue (accepted and printing orders, every copy counted), shown on the
 * printer's cards as "Ready in about 2 days". Pure: the cards and the server read the same rule.
 */

/** Hours a printer prints in a day: owners sleep, clear the bed and change filament (DECISIONS.md "Projects"). */
export const PRINT_HOURS_PER_DAY = 12;

/** Whole days until an order is ready: the queue's hours and the order's own, at least one day. */
export function readyInDays(queueMinutes: number, orderMinutes = 0): number {
  const minutes = Math.max(0, queueMinutes) + Math.max(0, orderMinutes);
  return Math.max(1, Math.ceil(minutes / (PRINT_HOURS_PER_DAY * 60)));
}

/** "Ready in about 1 day" / "Ready in about 3 days". */
export function readyInWords(queueMinutes: number, orderMinutes = 0): string {
  const days = readyInDays(queueMinutes, orderMinutes);
  return `Ready in about ${days} day${days === 1 ? "" : "s"}`;
}
