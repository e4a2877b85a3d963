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
