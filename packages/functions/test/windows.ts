import type { LimitRule } from "@printhood/core";

/**
 * The windowed limits count in fixed windows (core/src/limits/rate-limit.ts, docs/decision-notes.md):
 * a test that straddled a window's end would see its count restart half way (up to twice the limit
 * across the boundary, as documented). Start it where the window has `seconds` left, waiting for the
 * next window if needed.
 */
export async function awayFromWindowEnd(rule: LimitRule, seconds: number): Promise<void> {
  const left = rule.windowSeconds - ((Date.now() / 1000) % rule.windowSeconds);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 1000));
}
