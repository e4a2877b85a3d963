import { describe, expect, it } from "vitest";
import { fanOut, markerPosition } from "../src/components/choose/schematicMap";

const frame = { width: 600, height: 540 };
/** Where each marker ends up, in pixels of the frame. */
const placedAt = (points: { left: number; top: number }[], f = frame) =>
  fanOut(points, f).map((o, i) => ({ x: (points[i]!.left / 100) * f.width + o.dx, y: (points[i]!.top / 100) * f.height + o.dy }));
const closest = (at: { x: number; y: number }[]) => {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < at.length; i++)
    for (let j = i + 1; j < at.length; j++) least = Math.min(least, Math.hypot(at[i]!.x - at[j]!.x, at[i]!.y - at[j]!.y));
  return least;
};

describe("markers on one spot are fanned out (choose-printer map)", () => {
  it("leaves markers apart from each other where they are", () => {
    expect(
      fanOut(
        [
          { left: 20, top: 20 },
          { left: 23, top: 20 },
          { left: 60, top: 70 },
        ],
        frame,
      ),
    ).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  it.each([2, 3, 7, 24])("spreads %i printers at one address so each can be clicked", (n) => {
    const points = Array.from({ length: n }, () => markerPosition(40.35, -105.08, 1.5, { x: 0, y: 0 }));
    const at = placedAt(points);
    // a marker is 28 px wide: neighbours on the ring are at least that far apart
    expect(closest(at)).toBeGreaterThanOrEqual(28);
  });

  it("keeps a ring of printers clamped into a corner inside the frame (not under the frame's edge)", () => {
    // 24 printers far outside the region all clamp to the frame's top-left point (5 %, 5 %)
    const points = Array.from({ length: 24 }, (_, i) => markerPosition(45 + i, -120 - i, 1.5, { x: 0, y: 0 }));
    expect(new Set(points.map((p) => `${p.left},${p.top}`)).size).toBe(1);
    const at = placedAt(points);
    expect(closest(at)).toBeGreaterThanOrEqual(28);
    for (const p of at) {
      expect(p.x).toBeGreaterThanOrEqual(14);
      expect(p.x).toBeLessThanOrEqual(frame.width - 14);
      expect(p.y).toBeGreaterThanOrEqual(28); // the pin stands above its point
      expect(p.y).toBeLessThanOrEqual(frame.height);
    }
  });

  it("groups markers a little apart with the first one's ring, and without the frame's size still spreads them", () => {
    const points = [
      { left: 50, top: 50 },
      { left: 51, top: 50.5 },
    ];
    expect(closest(placedAt(points))).toBeGreaterThanOrEqual(28);
    const [a, b] = fanOut(points);
    expect(a).not.toEqual(b);
  });
});
