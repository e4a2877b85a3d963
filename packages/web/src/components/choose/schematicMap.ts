// The choose-printer map's arithmetic (spec 1 §2 and §9), pure so it is tested on its own.

export const MAP_REGION = { west: -105.15, east: -105.02, south: 40.28, north: 40.42 } as const;
export const ZOOM = { min: 0.5, max: 8, initial: 1.5, reset: 2, buttonIn: 1.3, buttonOut: 0.7, wheelIn: 1.15, wheelOut: 0.85 } as const;
export const MARKER_MIN = 5;
export const MARKER_MAX = 95;

export const clampZoom = (z: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(z * 1000) / 1000));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Where a point sits in the frame, in percent, at a zoom around the centre and a pan (percent). */
export function markerPosition(lat: number, lng: number, zoom: number, pan: { x: number; y: number }): { left: number; top: number } {
  const bx = ((lng - MAP_REGION.west) / (MAP_REGION.east - MAP_REGION.west)) * 100;
  const by = ((MAP_REGION.north - lat) / (MAP_REGION.north - MAP_REGION.south)) * 100;
  return {
    left: clamp(50 + (bx - 50) * zoom + pan.x, MARKER_MIN, MARKER_MAX),
    top: clamp(50 + (by - 50) * zoom + pan.y, MARKER_MIN, MARKER_MAX),
  };
}

/** A marker's offset from its point, in pixels. */
export interface Offset {
  dx: number;
  dy: number;
}

/** Markers this close (percent of the frame, each way) would cover each other (a marker is ~28 px). */
export const NEAR_PERCENT = 2;
/** Pixels between neighbours on a fanned-out ring. */
const RING_STEP_PX = 30;

/**
 * Markers that would sit on one spot (printers at one address, or several clamped to the same
 * point on the frame's edge) are fanned out on a ring around it, so each one can be seen and
 * clicked; a lone marker stays where it is. With the frame's size (pixels) a ring that would
 * cross the frame's edge is moved inside it. Offsets in pixels, in the order of `points`. Greedy
 * grouping, O(n²): the map shows at most a page or two of printers.
 */
export function fanOut(
  points: readonly { left: number; top: number }[],
  frame?: { width: number; height: number },
  near = NEAR_PERCENT,
): Offset[] {
  const offsets: Offset[] = points.map(() => ({ dx: 0, dy: 0 }));
  const grouped = new Array<boolean>(points.length).fill(false);
  for (let i = 0; i < points.length; i++) {
    if (grouped[i]) continue;
    const a = points[i]!;
    const group = [i];
    for (let j = i + 1; j < points.length; j++) {
      const b = points[j]!;
      if (!grouped[j] && Math.abs(a.left - b.left) <= near && Math.abs(a.top - b.top) <= near) group.push(j);
    }
    if (group.length === 1) continue;
    // Neighbours on a ring of n are 2r·sin(π/n) apart: the radius that keeps them a step apart.
    const radius = RING_STEP_PX / (2 * Math.sin(Math.PI / group.length));
    // The ring's centre, moved inward where the ring would leave the frame (a marker is a pin: it
    // stands up to ~36 px above its point and ~18 px either side).
    let shift = { dx: 0, dy: 0 };
    if (frame) {
      const x = (a.left / 100) * frame.width;
      const y = (a.top / 100) * frame.height;
      const inside = (v: number, lo: number, hi: number) => (lo > hi ? v : Math.min(hi, Math.max(lo, v)));
      shift = { dx: inside(x, radius + 18, frame.width - radius - 18) - x, dy: inside(y, radius + 36, frame.height - radius) - y };
    }
    group.forEach((k, n) => {
      grouped[k] = true;
      const angle = -Math.PI / 2 + (2 * Math.PI * n) / group.length;
      // From this marker's own point to its place on the ring around the first one's.
      const p = points[k]!;
      const toFirst = frame
        ? { dx: ((a.left - p.left) / 100) * frame.width, dy: ((a.top - p.top) / 100) * frame.height }
        : { dx: 0, dy: 0 };
      offsets[k] = {
        dx: Math.round(toFirst.dx + shift.dx + radius * Math.cos(angle)),
        dy: Math.round(toFirst.dy + shift.dy + radius * Math.sin(angle)),
      };
    });
  }
  return offsets;
}
