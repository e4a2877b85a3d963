/**
 * Whether the API answered the last time it was called. `navigator.onLine` alone is not enough:
 * it stays true on a network without internet (and a browser may report it late), so every API
 * call reports here (api/client.ts `call`): no answer at all marks the API unreachable, any answer
 * (even an error status) marks it reachable again. The browser's `online` event clears it too.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

/** A request got no answer (network error). */
export const markUnreachable = () => set(true);
/** A request got an answer. */
export const markReachable = () => set(false);
export const isUnreachable = () => unreachable;

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
