/**
 * A small in-memory cache with a time to live and a bound on its size, for the public answers
 * that every visitor asks for (the printer list, the landing figures). One per process (one per
 * Lambda instance): it does not share across instances, it only spares DynamoDB the same read
 * many times a second. Concurrent misses for one key share one load (no stampede), and a failed
 * load is not kept.
 */
export interface TtlCache {
  /** The cached value for `key`, or `load()`'s, kept for the cache's time to live. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forget everything (this process changed what the answers are made of). */
  clear(): void;
  readonly size: number;
}

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export function createTtlCache({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions): TtlCache {
  // A Map iterates in insertion order: the first key is the oldest one written.
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { expires: t + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/** A stable key for a validated query: keys sorted, absent values dropped. */
export function queryKey(query: Record<string, unknown>): string {
  const parts = Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map(
      (k) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof query[k] === "object" ? JSON.stringify(query[k]) : String(query[k]))}`,
    );
  return parts.join("&");
}
