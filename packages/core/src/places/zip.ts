/// <reference path="./zipcodes.d.ts" />
import zipcodes from "zipcodes";

/**
 * Offline ZIP geocoding from the `zipcodes` package's centroid table. A ZIP centroid is the
 * "approximate point" the public sees for a printer: never the owner's street.
 */
export interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export function geocodeZip(zip: string): Place | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const hit = zipcodes.lookup(zip);
  if (!hit) return null;
  return { zip: hit.zip, city: hit.city, state: hit.state, latitude: hit.latitude, longitude: hit.longitude };
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in miles. */
export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The served region's centre (Loveland, between Berthoud and Fort Collins) and reach. */
export const REGION_CENTER = { latitude: 40.3978, longitude: -105.0748 };
export const NEARBY_MILES = 50;
