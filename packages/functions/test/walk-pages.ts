import { expect } from "vitest";
import type { TestClient } from "./client.ts";

/**
 * Every page of a list read with `limit` (issue 23), `size` at a time, and how many pages came back
 * empty with a next one (a tab's page looks at a bounded number of orders, so it may be empty).
 */
export async function walkPages<T>(c: TestClient, path: string, size: number): Promise<{ items: T[]; emptyPages: number }> {
  const items: T[] = [];
  let emptyPages = 0;
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const sep = path.includes("?") ? "&" : "?";
    const r = await c.get(`${path}${sep}limit=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const page = r.json as { items: T[]; nextCursor?: string };
    expect(page.items.length).toBeLessThanOrEqual(size);
    items.push(...page.items);
    if (!page.nextCursor) return { items, emptyPages };
    if (page.items.length === 0) emptyPages += 1;
    cursor = page.nextCursor;
  }
  throw new Error("the list did not end");
}
