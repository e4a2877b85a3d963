import { distanceMiles } from "../places/zip.ts";
import { type Bounds, wrapLongitude } from "./geohash.ts";

/**
 * Distances from a point to a cell on the sphere, in miles, with the same great-circle measure as
 * a printer's own distance (`distanceMiles`): the nearest-first walk reads a cell only when it may
 * hold a printer nearer than what it has, so the lower bound must be exact, not a flat-map guess,
 * or a printer just across a cell's edge would be missed.
 */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The nearest any point of the cell can be. */
export function minMilesTo(p: Point, b: Bounds): number {
  const offset = wrapLongitude(p.longitude - b.west);
  if (offset >= 0 && offset <= b.east - b.west) {
    // Due north or south of the cell (or inside it): along the meridian.
    if (p.latitude < b.south) return rad(b.south - p.latitude) * EARTH_RADIUS_MILES;
    if (p.latitude > b.north) return rad(p.latitude - b.north) * EARTH_RADIUS_MILES;
    return 0;
  }
  // Beside it: the nearest point is on the nearer meridian edge, at the foot of the great circle
  // through the point that meets that meridian at a right angle, unless the foot is past a corner.
  const toWest = Math.abs(wrapLongitude(p.longitude - b.west));
  const toEast = Math.abs(wrapLongitude(p.longitude - b.east));
  const edge = toWest <= toEast ? b.west : b.east;
  const dLon = Math.min(toWest, toEast);
  const corners = () =>
    Math.min(distanceMiles(p, { latitude: b.south, longitude: edge }), distanceMiles(p, { latitude: b.north, longitude: edge }));
  if (dLon >= 90) return corners();
  const foot = deg(Math.atan(Math.tan(rad(p.latitude)) / Math.cos(rad(dLon))));
  if (foot < b.south || foot > b.north) return corners();
  return Math.asin(Math.min(1, Math.cos(rad(p.latitude)) * Math.sin(rad(dLon)))) * EARTH_RADIUS_MILES;
}

/** The farthest any point of the cell can be: one of its corners (a cell is far smaller than a hemisphere). */
export function maxMilesTo(p: Point, b: Bounds): number {
  return Math.max(
    distanceMiles(p, { latitude: b.south, longitude: b.west }),
    distanceMiles(p, { latitude: b.south, longitude: b.east }),
    distanceMiles(p, { latitude: b.north, longitude: b.west }),
    distanceMiles(p, { latitude: b.north, longitude: b.east }),
  );
}

/** The box (in degrees) around a circle of `miles`: the cells to consider for a radius. */
export function boxAround(p: Point, miles: number): Bounds {
  const dLat = deg(miles / EARTH_RADIUS_MILES);
  const south = Math.max(-90, p.latitude - dLat);
  const north = Math.min(90, p.latitude + dLat);
  // The circle's widest reach in longitude (at a latitude poleward of its centre): asin(sin r / cos φ).
  const ratio = Math.sin(miles / EARTH_RADIUS_MILES) / Math.cos(rad(p.latitude));
  // Near a pole (or a circle wider than the world) every longitude is in reach.
  if (north >= 90 || south <= -90 || miles / EARTH_RADIUS_MILES >= Math.PI / 2 || ratio >= 1)
    return { south, north, west: -180, east: 180 };
  const dLon = deg(Math.asin(ratio));
  return { south, north, west: wrapLongitude(p.longitude - dLon), east: wrapLongitude(p.longitude + dLon) };
}
