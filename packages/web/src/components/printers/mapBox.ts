/**
 * The box a map asks `GET /api/printers?bbox=…&zoom=…` for (issue 23 point 1). Leaflet's view is
 * rounded outward to a grid of a quarter tile at its zoom, so a small pan asks the same question
 * (answered from TanStack Query's cache) and panning back is never asked again; the box is a
 * little larger than the view, which only draws what is about to come into it.
 */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The API's zooms (listPrintersQuery): whole numbers 0 to 22. */
const ZOOM_MAX = 22;
/** Web Mercator's edge: Leaflet shows nothing beyond it, and the API takes latitudes within ±90. */
const LAT_MAX = 85.0511;

/** A longitude in [-180, 180) (west edges), or in (-180, 180] (east edges): the API's range. */
const wrapWest = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
const wrapEast = (lon: number) => -wrapWest(-lon);
const clampLat = (lat: number) => Math.max(-LAT_MAX, Math.min(LAT_MAX, lat));
/** Six decimals (about 10 cm): a grid line's floating-point noise never makes a different key. */
const tidy = (v: number) => Number(v.toFixed(6));

export const mapZoom = (zoom: number) => Math.max(0, Math.min(ZOOM_MAX, Math.round(zoom)));

/**
 * The view rounded outward to the zoom's grid. A view wider than the world asks for all of it; a
 * view across the antimeridian keeps west > east, as the API reads it.
 */
export function roundedBox(view: Box, zoom: number): Box {
  const step = 360 / 2 ** (mapZoom(zoom) + 2);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const south = tidy(clampLat(down(view.south)));
  const north = tidy(clampLat(up(view.north)));
  const west = down(view.west);
  const east = up(view.east);
  if (east - west >= 360) return { west: -180, south, east: 180, north };
  return { west: tidy(wrapWest(west)), south, east: tidy(wrapEast(east)), north };
}

/** The `bbox` parameter: west,south,east,north. */
export const bboxParam = (box: Box) => `${box.west},${box.south},${box.east},${box.north}`;
