import { describe, expect, it } from "vitest";
import { DEMO_OWNERS } from "../src/seed.ts";

const printers = DEMO_OWNERS.flatMap((o) => o.printers);

describe("demo printers", () => {
  it("charge a real filament price per gram ($0.018–0.035, spool cost ÷ weight)", () => {
    for (const p of printers) expect(p.pricePerGram, p.name).toBeGreaterThanOrEqual(0.018);
    for (const p of printers) expect(p.pricePerGram, p.name).toBeLessThanOrEqual(0.035);
  });
});
