/**
 * A few seconds' memory, in one process (one Lambda instance), of display data whose staleness is
 * harmless: people's display names and printers' names on a conversation list. Never for sessions,
 * who may see what, or an order's state. Bounded: the oldest entries go first.
 */
export interface Recent<T> {
  /** The value kept for `key` if it is younger than the time to live. */
  peek(key: string): T | undefined;
  set(key: string, value: T): void;
}

export function createRecent<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): Recent<T> {
  // A Map iterates in insertion order: the first key is the oldest one written.
  const entries = new Map<string, { expires: number; value: T }>();
  return {
    peek(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires > now()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { expires: now() + ttlMs, value });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
