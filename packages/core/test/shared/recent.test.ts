import { describe, expect, it } from "vitest";
import { createRecent } from "../../src/shared/recent.ts";

describe("the recent display names", () => {
  it("keeps a value for its time to live only, and nothing with a time to live of 0", () => {
    let t = 0;
    const recent = createRecent<string>({ ttlMs: 5000, maxEntries: 10, now: () => t });
    expect(recent.peek("p:1")).toBeUndefined();
    recent.set("p:1", "Maria's Prusa");
    t = 4999;
    expect(recent.peek("p:1")).toBe("Maria's Prusa");
    t = 5000;
    expect(recent.peek("p:1")).toBeUndefined();
    const none = createRecent<string>({ ttlMs: 0, maxEntries: 10 });
    none.set("p:1", "x");
    expect(none.peek("p:1")).toBeUndefined();
  });

  it("stays within its size, dropping the oldest key", () => {
    const recent = createRecent<number>({ ttlMs: 5000, maxEntries: 3, now: () => 0 });
    for (let i = 0; i < 10; i++) recent.set(`k${i}`, i);
    expect(["k6", "k7", "k8", "k9"].map((k) => recent.peek(k))).toEqual([undefined, 7, 8, 9]);
  });
});
