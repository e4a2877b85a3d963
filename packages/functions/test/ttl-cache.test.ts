import { describe, expect, it } from "vitest";
import { createTtlCache, queryKey } from "../src/lib/ttl-cache.ts";

describe("the public answers' cache", () => {
  it("loads once per key within its time to live, then again", async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 5000, maxEntries: 10, now: () => t });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
    t = 4999;
    expect(await cache.get("a", load)).toBe(1);
    t = 5000;
    expect(await cache.get("a", load)).toBe(2);
    expect(await cache.get("b", load)).toBe(3);
  });

  it("stays within its size, dropping the oldest key", async () => {
    const cache = createTtlCache({ ttlMs: 5000, maxEntries: 3, now: () => 0 });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(3);
    expect(await cache.get("k9", async () => -1)).toBe(9);
    expect(await cache.get("k0", async () => -1)).toBe(-1);
  });

  it("keeps no failure, and keeps nothing with a zero time to live", async () => {
    const cache = createTtlCache({ ttlMs: 5000, maxEntries: 3 });
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", async () => "up")).toBe("up");
    const none = createTtlCache({ ttlMs: 0, maxEntries: 3 });
    let n = 0;
    await none.get("x", async () => ++n);
    expect(await none.get("x", async () => ++n)).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("keys a query the same whatever its order, without absent values", () => {
    expect(queryKey({ zip: "80537", material: "PLA", color: undefined })).toBe(queryKey({ material: "PLA", zip: "80537" }));
    expect(queryKey({ material: "PLA" })).not.toBe(queryKey({ material: "PETG" }));
  });
});
